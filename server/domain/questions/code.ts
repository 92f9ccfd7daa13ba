/**
 * A question's code as its card shows it ('Questão #5dki1r9a', the importer's short id), read from
 * a search term or a form field, with or without its '#'; undefined when the text is not one.
 */
export const questionCodeIn = (text: string) => /^#?([A-Za-z0-9]{6,12})$/.exec(text)?.[1]
