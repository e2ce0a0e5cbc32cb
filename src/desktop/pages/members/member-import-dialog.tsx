import {
  Alert,
  Button,
  Modal,
  Progress,
  Result,
  Segmented,
  Space,
  Spin,
  Table,
  Typography,
  Upload,
} from 'antd';
import { useState } from 'react';
import type { MessageKey } from '../../../../domain/i18n';
import type { MemberImportKind, MemberImportProblem } from '../../../../domain/schemas/member-import';
import { useFormatTime, useT } from '../../../i18n/use-t';
import { useMemberImport } from '../../../pages/member-import/use-member-import';
import { PAGE_SIZE_OPTIONS } from '../../../pages/table/use-page-size';
import { ConfirmBox } from '../dialogs/confirm-box';

/** The members toolbar's Import button and its dialog: template, upload with progress, result or problems. */
export function MemberImportButton({ onImported }: { onImported: () => void }) {
  const [kind, setKind] = useState<MemberImportKind>('members');
  const sso = kind === 'sso';
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const [confirmingClose, setConfirmingClose] = useState(false);
  const importer = useMemberImport(onImported, kind);
  const formatTime = useFormatTime();
  const { phase, report, refusal } = importer;
  const closeNow = () => {
    setConfirmingClose(false);
    setOpen(false);
    importer.reset();
  };
  // Close, Esc and the corner cross all come here: passwords not yet downloaded are never dropped silently.
  const close = () => {
    if (importer.busy) return;
    if (importer.closingLosesPasswords) setConfirmingClose(true);
    else closeNow();
  };
  const problems = report?.Problems ?? [];
  const columns = [
    { title: t('memberImport.row'), dataIndex: 'Row', width: 70 },
    {
      title: t('memberImport.column'),
      dataIndex: 'Column',
      width: 120,
      render: (column: MemberImportProblem['Column']) =>
        column ? t(`memberImport.columns.${column}`) : t('memberImport.wholeRow'),
    },
    {
      title: t('memberImport.problem'),
      key: 'problem',
      render: (_: unknown, problem: MemberImportProblem) => t(problem.key, problem.params),
    },
  ];
  return (
    <>
      <Button
        data-testid="members-import"
        onClick={() => {
          setOpen(true);
          void importer.loadPending();
        }}
      >
        {t('memberImport.button')}
      </Button>
      <Modal
        open={open}
        title={t(sso ? 'memberImport.ssoTitle' : 'memberImport.title')}
        width={720}
        onCancel={close}
        maskClosable={false}
        footer={
          <Button onClick={close} disabled={importer.busy}>
            {t('memberImport.close')}
          </Button>
        }
      >
        <div className="member-import" data-testid="member-import-dialog">
          <Segmented<MemberImportKind>
            data-testid="member-import-kind"
            style={{ marginBlock: '8px 16px' }}
            value={kind}
            disabled={importer.busy}
            onChange={(next) => {
              importer.reset();
              setKind(next);
            }}
            options={[
              { value: 'members', label: t('memberImport.kindMembers') },
              { value: 'sso', label: t('memberImport.kindSso') },
            ]}
          />
          <ol style={{ paddingInlineStart: 20, display: 'grid', gap: 16 }}>
            <li>
              <p>{t('memberImport.step1')}</p>
              <Button data-testid="member-import-template" onClick={() => void importer.downloadTemplate()}>
                {t('memberImport.download')}
              </Button>
            </li>
            <li>
              <p>{t('memberImport.step2')}</p>
              <Upload
                accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                showUploadList={false}
                disabled={importer.busy}
                beforeUpload={(file) => {
                  void importer.upload(file);
                  return false;
                }}
              >
                <Button type="primary" data-testid="member-import-choose" disabled={importer.busy}>
                  {t('memberImport.choose')}
                </Button>
              </Upload>
              {importer.fileName && (
                <Typography.Text style={{ marginInlineStart: 12 }}>{importer.fileName}</Typography.Text>
              )}
            </li>
          </ol>
          {phase === 'idle' && importer.pending && !sso && <PendingPasswords importer={importer} />}
          {phase === 'uploading' && (
            <Progress data-testid="member-import-progress" percent={importer.percent} status="active" />
          )}
          {phase === 'validating' && (
            <Spin data-testid="member-import-validating">
              <Alert type="info" showIcon message={t('memberImport.validating')} />
            </Spin>
          )}
          {phase === 'imported' && report && (
            <Result
              status="success"
              data-testid="member-import-done"
              title={
                sso
                  ? t('memberImport.ssoDone', { count: report.Imported })
                  : t('memberImport.done', { count: report.Imported })
              }
              subTitle={sso ? t('memberImport.ssoNote') : t('memberImport.passwordNote')}
            />
          )}
          {phase === 'imported' && report && !sso && <ImportedPasswords importer={importer} />}
          {phase === 'failed' && refusal && (
            <Alert
              type="error"
              showIcon
              data-testid="member-import-refused"
              message={t(refusal.key as MessageKey, refusal.params)}
            />
          )}
          {phase === 'failed' && report && (
            <div data-testid="member-import-problems">
              <Alert
                type="error"
                showIcon
                message={t('memberImport.failed', { count: report.ProblemCount })}
              />
              <Table
                size="small"
                rowKey={(problem) => `${problem.Row}-${problem.Column ?? ''}-${problem.key}`}
                columns={columns}
                dataSource={problems}
                pagination={
                  problems.length > PAGE_SIZE_OPTIONS[0]
                    ? {
                        pageSize: importer.problemsPageSize,
                        showSizeChanger: true,
                        pageSizeOptions: [...PAGE_SIZE_OPTIONS],
                        onChange: (_page, size) => importer.chooseProblemsPageSize(size),
                      }
                    : false
                }
              />
              {report.ProblemCount > problems.length && (
                <Typography.Text type="secondary">
                  {t('memberImport.more', { count: report.ProblemCount - problems.length })}
                </Typography.Text>
              )}
            </div>
          )}
        </div>
      </Modal>
      <ConfirmBox
        open={confirmingClose}
        testId="member-import-close-confirm"
        title={t('memberImport.closeUnsaved.title')}
        content={t('memberImport.closeUnsaved.content', {
          time: report?.PasswordFile ? formatTime(report.PasswordFile.ExpiresAt, 'minute') : '',
        })}
        confirmText={t('memberImport.closeUnsaved.ok')}
        onConfirm={async () => closeNow()}
        onClose={() => setConfirmingClose(false)}
      />
    </>
  );
}

/** An earlier import's initial passwords this administrator closed the dialog on: downloadable once more. */
function PendingPasswords({ importer }: { importer: ReturnType<typeof useMemberImport> }) {
  const { t } = useT();
  const formatTime = useFormatTime();
  const { pending, passwordFile } = importer;
  if (!pending) return null;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="member-import-pending">
      <Alert
        type={passwordFile === 'downloaded' ? 'success' : 'warning'}
        showIcon
        title={
          passwordFile === 'downloaded'
            ? t('memberImport.passwordsDownloaded')
            : t('memberImport.pendingNote', {
                count: pending.Count,
                created: formatTime(pending.CreatedAt, 'minute'),
                time: formatTime(pending.ExpiresAt, 'minute'),
              })
        }
        action={<PasswordDownload importer={importer} />}
      />
      <PasswordRefusal importer={importer} />
    </Space>
  );
}

/**
 * Where imported members' initial passwords went: how many were sent by mail or SMS, and the one download of
 * the others' (said to be offered once, until when), refused in words when taken or expired.
 */
function ImportedPasswords({ importer }: { importer: ReturnType<typeof useMemberImport> }) {
  const { t } = useT();
  const formatTime = useFormatTime();
  const { report, passwordFile } = importer;
  if (!report) return null;
  const file = report.PasswordFile;
  const until = file && formatTime(file.ExpiresAt, 'minute');
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="member-import-passwords">
      {report.Sent > 0 && (
        <Alert type="info" showIcon title={t('memberImport.sentNote', { count: report.Sent })} />
      )}
      {file && (
        <Alert
          type={passwordFile === 'downloaded' ? 'success' : 'warning'}
          showIcon
          title={
            passwordFile === 'downloaded'
              ? t('memberImport.passwordsDownloaded')
              : t('memberImport.passwordFileNote', { count: file.Count, time: until ?? '' })
          }
          action={<PasswordDownload importer={importer} />}
        />
      )}
      <PasswordRefusal importer={importer} />
    </Space>
  );
}

/** The one download of the initial passwords, until it is done (the pending note and the report both offer it). */
function PasswordDownload({ importer }: { importer: ReturnType<typeof useMemberImport> }) {
  const { t } = useT();
  const { passwordFile } = importer;
  if (passwordFile === 'downloaded') return null;
  return (
    <Button
      type="primary"
      data-testid="member-import-passwords-download"
      loading={passwordFile === 'downloading'}
      disabled={passwordFile === 'refused'}
      onClick={() => void importer.downloadPasswords()}
    >
      {t('memberImport.downloadPasswords')}
    </Button>
  );
}

/** Why the download was refused (taken already or expired), in words. */
function PasswordRefusal({ importer }: { importer: ReturnType<typeof useMemberImport> }) {
  const { t } = useT();
  const { passwordRefusal } = importer;
  if (!passwordRefusal) return null;
  return (
    <Alert
      type="error"
      showIcon
      data-testid="member-import-passwords-refused"
      title={t(passwordRefusal.key as MessageKey, passwordRefusal.params)}
    />
  );
}
