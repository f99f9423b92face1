/** What an action outside a form tells: its success for screen readers only, its failure to everyone. */
export function ActionFeedback({ status, error, errorClassName }: { status: string; error: string; errorClassName: string }) {
  return (
    <>
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
      {error ? (
        <p className={errorClassName} role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
