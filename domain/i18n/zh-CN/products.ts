/** Product names and introductions, by product code (SPEC §1). */
export const products = {
  ELN: { name: '电子实验记录本', intro: '记录、检索与审批实验过程和结果，满足合规要求。' },
  CIMS: { name: '化学品库存管理', intro: '试剂与化学品的采购、入库、领用和安全管理。' },
  LIMS: { name: '样品检测', intro: '样品登记、检测任务、结果审核与报告。' },
  PM: { name: '项目管理', intro: '研发项目的计划、任务、里程碑和团队协作。' },
  IM: { name: '仪器管理', intro: '仪器预约、使用记录、维护与校准。' },
  STABILITY: { name: '稳定性研究', intro: '稳定性方案、取样计划与结果趋势分析。' },
  MOLSIM: { name: '分子模拟', intro: '分子建模、性质预测与模拟计算。' },
  SDH: { name: '数据层级平台', intro: '研发数据的统一分层、治理与分析。' },
};
