import { useEffect, useMemo, useState } from 'react';
import {
  checkWatermarkImage,
  WATERMARK_IMAGE_MAX_LABEL,
  watermarkLines,
  watermarkTime,
} from '../../../domain/rules/watermark';
import { type WatermarkAdmin, watermarkSettingSchema } from '../../../domain/schemas/watermark';
import { getWatermark, saveWatermark, switchWatermark } from '../../adapters/watermark-api';
import { type Problem, problemOf } from '../departments/department-problem';
import { useSession } from '../session/use-session';
import { announceWatermarkChange } from './watermark-change';
import { watermarkTileStyle } from './watermark-tile';

const toDataUrl = (bytes: Uint8Array, type: string) =>
  `data:${type};base64,${btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''))}`;

/**
 * Watermark tab logic (System settings): the organisation's settings as a form, a live preview drawn from
 * the administrator's own details as members' are drawn from theirs, the picture checked by its bytes
 * before it is sent (the server checks again), the switch saved at once and the rest with Save. The switch
 * takes only its own value from the answer: text typed and not yet saved stays on screen for Save. Either
 * saving redraws the administrator's own watermark at once.
 */
export function useWatermarkPage(nowMs: () => number = Date.now) {
  const { session } = useSession();
  const [form, setForm] = useState<WatermarkAdmin | null>(null);
  const [failed, setFailed] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    let live = true;
    getWatermark().then(
      (read) => live && setForm(read),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  const preview = useMemo(() => {
    if (!form) return null;
    const info = session?.AccountInfo;
    const lines = watermarkLines(
      { contents: form.Contents, text: form.Text, wrap: form.Wrap },
      {
        realName: info?.RealName ?? '',
        email: info?.Email || null,
        mobile: info?.MobilePhone || null,
        organization: session?.OrgName ?? '',
      },
      watermarkTime(nowMs()),
    );
    return watermarkTileStyle({
      lines,
      image: form.Image,
      size: form.Size,
      depth: form.Depth,
      density: form.Density,
      displayType: form.DisplayType,
    });
  }, [form, session, nowMs]);

  const change = (changes: Partial<WatermarkAdmin>) => {
    setSaved(false);
    setProblem(null);
    setForm((current) => (current ? { ...current, ...changes } : current));
  };

  const run = async (
    work: () => Promise<WatermarkAdmin>,
    take: (answer: WatermarkAdmin, current: WatermarkAdmin | null) => WatermarkAdmin,
  ) => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await work();
      setForm((current) => take(answer, current));
      setSaved(true);
      announceWatermarkChange();
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(false);
    }
  };

  return {
    form,
    failed,
    problem,
    busy,
    saved,
    preview,
    change,
    /** Takes a chosen file as the picture when it is really a png or jpeg within 50KB. */
    async pickImage(file: Pick<Blob, 'arrayBuffer'>): Promise<void> {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const check = checkWatermarkImage(bytes);
      if (!check.ok) {
        setProblem({ key: check.problem, params: { max: WATERMARK_IMAGE_MAX_LABEL, types: 'png, jpg' } });
        return;
      }
      change({ Image: toDataUrl(bytes, check.contentType) });
    },
    async save(): Promise<void> {
      if (!form) return;
      const { Enabled: _enabled, ...settings } = form;
      const parsed = watermarkSettingSchema.safeParse(settings);
      if (!parsed.success) {
        setProblem({ key: parsed.error.issues[0]?.message as Problem['key'] });
        return;
      }
      await run(
        () => saveWatermark(parsed.data),
        (answer) => answer,
      );
    },
    async toggle(enabled: boolean): Promise<void> {
      await run(
        () => switchWatermark(enabled),
        (answer, current) => (current ? { ...current, Enabled: answer.Enabled } : answer),
      );
    },
  };
}
