import { useStore } from "@nanostores/react";
import { useEffect, useRef, useState } from "react";
import type { FormEvent } from "react";
import { REPORT_REASON_LABELS } from "../../lib/moderation.ts";
import { createReport } from "../../stores/report.ts";
import type { ReportModelType, ReportReason } from "../../stores/report.ts";
import { failureMessage } from "../shared/failure-messages.ts";
import "./reports.css";

const REASONS = Object.entries(REPORT_REASON_LABELS) as [ReportReason, string][];
const DETAIL_MAX = 500;

interface Props {
  modelType: ReportModelType;
  modelId: number;
  /** What is reported, for the dialog's title: 글 or 댓글. */
  noun: string;
  className?: string;
  /** Shown disabled: rendered on the server for a list whose island has not taken over yet. */
  waiting?: boolean | undefined;
}

/** 신고: a button that opens a dialog with the reasons and an optional note; members only (the page renders it for them). */
export function ReportButton({ modelType, modelId, noun, className, waiting }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [detail, setDetail] = useState("");
  const [report] = useState(() => createReport(modelType, modelId));
  const { phase: state, problem, failure } = useStore(report.$state);
  const error = problem || (failure === undefined ? "" : failureMessage(failure));
  // The dialog joins the page on the first 신고 only: a thread of thirty comments would otherwise
  // carry thirty hidden forms in its markup.
  const [wanted, setWanted] = useState(false);
  const titleId = `report-title-${modelType}-${modelId}`;

  const open = () => {
    report.clear();
    if (dialog.current) dialog.current.showModal();
    else setWanted(true);
  };
  useEffect(() => {
    if (wanted) dialog.current?.showModal();
  }, [wanted]);
  const close = () => dialog.current?.close();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void report.send(reason, detail);
  };

  return (
    <>
      <button
        type="button"
        className={className ?? "report-button"}
        onClick={open}
        disabled={waiting || state === "done"}
      >
        {state === "done" ? "신고됨" : "신고"}
      </button>
      {wanted && (
        <dialog
          ref={dialog}
          className="report-dialog"
          aria-labelledby={titleId}
        >
          {state === "done" ? (
            <div className="report-dialog-body">
              <h2 id={titleId} className="report-dialog-title">
                신고가 접수되었어요
              </h2>
              <p>운영진이 확인한 뒤 운영 정책에 따라 조치할게요.</p>
              <div className="report-dialog-buttons">
                <button
                  type="button"
                  className="report-dialog-primary"
                  onClick={close}
                >
                  닫기
                </button>
              </div>
            </div>
          ) : (
            <form className="report-dialog-body" onSubmit={submit}>
              <h2 id={titleId} className="report-dialog-title">
                이 {noun}을 신고할까요?
              </h2>
              <fieldset className="report-reasons">
                <legend>신고 사유</legend>
                {REASONS.map(([value, label]) => (
                  <label key={value} className="report-reason">
                    <input
                      type="radio"
                      name="reason"
                      value={value}
                      checked={reason === value}
                      onChange={() => setReason(value)}
                    />
                    {label}
                  </label>
                ))}
              </fieldset>
              <label className="report-detail">
                자세한 내용 (선택)
                <textarea
                  value={detail}
                  maxLength={DETAIL_MAX}
                  rows={3}
                  onChange={(event) => setDetail(event.target.value)}
                />
              </label>
              <p className="report-error" role="alert">
                {error}
              </p>
              <div className="report-dialog-buttons">
                <button type="button" onClick={close}>
                  취소
                </button>
                <button
                  type="submit"
                  className="report-dialog-primary"
                  disabled={state === "sending"}
                >
                  {state === "sending" ? "신고하는 중…" : "신고하기"}
                </button>
              </div>
            </form>
          )}
        </dialog>
      )}
    </>
  );
}
