import { Alert, type ButtonProps, Form, Input, Modal, Select, Space, Typography, message } from 'antd';
import { useState } from 'react';
import { readMonomerStructure } from '../../../../domain/rules/monomer-structure';
import {
  MONOMER_TYPES,
  NATURAL_ANALOGS,
  naturalAnalogProblem,
  POLYMER_TYPES,
  type PolymerType,
  symbolProblem,
  UNKNOWN_ANALOG,
} from '../../../../domain/rules/monomers';
import type { Monomer, MonomerSave } from '../../../../domain/schemas/monomers';
import { ApiError } from '../../../adapters/api-client';
import { saveMonomer } from '../../../adapters/monomers-api';
import { useT } from '../../../i18n/use-t';
import { StructureEditor } from './structure-editor';

type Draft = Required<Omit<MonomerSave, 'ID'>>;

const BLANK: Draft = {
  Symbol: '',
  Name: '',
  PolymerType: 'PEPTIDE',
  MonomerType: 'Backbone',
  NaturalAnalog: '',
  Smiles: '',
};

/**
 * Add or edit a monomer: its fields, the structure drawn in the editor (or typed as SMILES). The browser
 * reads the structure with the server's own rules first; the server, the authority, answers duplicates.
 */
export function MonomerDialog({
  monomer,
  onClose,
}: {
  monomer: Monomer | 'new';
  onClose: (saved: boolean) => void;
}) {
  const { t } = useT();
  const [draft, setDraft] = useState<Draft>(monomer === 'new' ? BLANK : { ...BLANK, ...monomer });
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (change: Partial<Draft>) => {
    setDraft((last) => ({ ...last, ...change }));
    setProblem(null);
  };
  const analogs = [...NATURAL_ANALOGS[draft.PolymerType as PolymerType], UNKNOWN_ANALOG];

  const localProblem = (): string | null => {
    const symbolKey = symbolProblem(draft.Symbol.trim());
    if (symbolKey) return t(symbolKey as 'errors.monomers.symbolInvalid', { max: 50 });
    if (draft.Name.trim() === '') return t('errors.monomers.nameRequired');
    const analogKey = naturalAnalogProblem(draft.PolymerType as PolymerType, draft.NaturalAnalog);
    if (analogKey) return t(analogKey as 'errors.monomers.analogInvalid');
    const structure = readMonomerStructure(draft.Smiles, draft.MonomerType);
    return structure.ok ? null : t(structure.key as 'errors.monomers.smilesInvalid');
  };

  const save = async () => {
    const local = localProblem();
    if (local) return setProblem(local);
    setSaving(true);
    try {
      await saveMonomer({ ...draft, ...(monomer === 'new' ? {} : { ID: monomer.ID }) });
      void message.success(t(monomer === 'new' ? 'monomers.added' : 'monomers.edited'));
      onClose(true);
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      width={760}
      title={t(monomer === 'new' ? 'monomers.add' : 'monomers.edit')}
      okText={t('monomers.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'monomer-save' } as ButtonProps}
      onOk={() => void save()}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Form layout="vertical" data-testid="monomer-form">
        <Space wrap size="middle" style={{ width: '100%' }}>
          <Form.Item label={t('monomers.columns.symbol')} required>
            <Input
              data-testid="monomer-symbol"
              value={draft.Symbol}
              maxLength={50}
              onChange={(event) => set({ Symbol: event.target.value })}
            />
          </Form.Item>
          <Form.Item label={t('monomers.columns.name')} required>
            <Input
              data-testid="monomer-name"
              value={draft.Name}
              maxLength={200}
              style={{ width: 260 }}
              onChange={(event) => set({ Name: event.target.value })}
            />
          </Form.Item>
          <Form.Item label={t('monomers.columns.polymerType')} required>
            <Select
              data-testid="monomer-polymer-type"
              style={{ width: 130 }}
              value={draft.PolymerType}
              options={POLYMER_TYPES.map((value) => ({ value, label: value }))}
              onChange={(value) => set({ PolymerType: value, NaturalAnalog: '' })}
            />
          </Form.Item>
          <Form.Item
            label={t('monomers.columns.monomerType')}
            required
            tooltip={t('monomers.monomerTypeHint')}
          >
            <Select
              data-testid="monomer-monomer-type"
              style={{ width: 130 }}
              value={draft.MonomerType}
              options={MONOMER_TYPES.map((value) => ({ value, label: value }))}
              onChange={(value) => set({ MonomerType: value })}
            />
          </Form.Item>
          <Form.Item label={t('monomers.columns.naturalAnalog')}>
            <Select
              data-testid="monomer-analog"
              style={{ width: 100 }}
              allowClear
              value={draft.NaturalAnalog || undefined}
              options={analogs.map((value) => ({ value, label: value }))}
              onChange={(value?: string) => set({ NaturalAnalog: value ?? '' })}
            />
          </Form.Item>
        </Space>
        <Typography.Paragraph type="secondary">{t('monomers.editorHint')}</Typography.Paragraph>
        <StructureEditor smiles={draft.Smiles} onChange={(smiles) => set({ Smiles: smiles })} />
        <Form.Item label={t('monomers.smiles')} style={{ marginTop: 12 }}>
          <Input
            data-testid="monomer-smiles"
            value={draft.Smiles}
            onChange={(event) => set({ Smiles: event.target.value })}
          />
        </Form.Item>
        {problem && <Alert type="error" showIcon message={problem} data-testid="monomer-problem" />}
      </Form>
    </Modal>
  );
}
