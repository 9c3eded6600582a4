/** An `.html` import is a Text module: the file's text (wrangler's default `Text` rule). */
declare module '*.html' {
  const text: string;
  export default text;
}
