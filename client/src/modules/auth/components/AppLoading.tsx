/** Full-screen loading text ('Loading application...' before start-up, 'Carregando...' after). */
export function AppLoading({ text }: { text: string }) {
  return (
    <div className="app-loading" role="status">
      <span className="spinner__circle" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
