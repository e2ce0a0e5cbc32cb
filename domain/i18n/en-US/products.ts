import type { Catalogue } from '../catalogue-type';
import type { products as zh } from '../zh-CN/products';

/** Product names and introductions, by product code (SPEC §1). */
export const products: Catalogue<typeof zh> = {
  ELN: {
    name: 'Electronic Lab Notebook',
    intro: 'Record, search and approve experiments and results, compliantly.',
  },
  CIMS: {
    name: 'Chemical Inventory',
    intro: 'Purchase, receive, issue and safely manage reagents and chemicals.',
  },
  LIMS: {
    name: 'Sample Inspection',
    intro: 'Sample registration, testing tasks, result review and reports.',
  },
  PM: { name: 'Project Management', intro: 'Plans, tasks, milestones and teamwork for R&D projects.' },
  IM: {
    name: 'Instrument Management',
    intro: 'Instrument booking, usage records, maintenance and calibration.',
  },
  STABILITY: { name: 'Stability', intro: 'Stability protocols, pull schedules and result trending.' },
  MOLSIM: { name: 'Molecular Simulation', intro: 'Molecular modelling, property prediction and simulation.' },
  SDH: { name: 'Data Hierarchy Platform', intro: 'One layered, governed and analysable home for R&D data.' },
};
