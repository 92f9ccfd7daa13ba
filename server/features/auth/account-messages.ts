// The accounts' messages (sign-up, sign-in, passwords, profile), zod-free and database-free: the
// auth contract's body rules and the pages read them; ./accounts.ts answers them.

export const MESSAGES = {
  badCredentials: 'Email ou senha incorretos',
  duplicateEmail: 'Este email já está cadastrado',
  forgotPassword: 'Se o email estiver cadastrado, você receberá instruções para recuperar sua senha',
  mustChangePassword: 'É necessário alterar sua senha para continuar.',
  tempExpired: 'Sua senha temporária expirou. Solicite uma nova em "Esqueceu a senha?".',
  passwordChanged: 'Senha alterada com sucesso',
  wrongCurrentPassword: 'Senha atual incorreta',
  noPendingChange: 'Não há troca de senha pendente para esta conta.',
  loginOk: 'Login realizado com sucesso!',
  registered: 'Conta criada com sucesso!',
  profileUpdated: 'Perfil atualizado com sucesso!',
} as const
