#!/usr/bin/env node
import { Command } from 'commander'

const program = new Command()
program.name('gabarita').description('Ferramentas de administração do Gabarita')
program.parseAsync(process.argv)
