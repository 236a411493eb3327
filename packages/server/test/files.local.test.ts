import { describeFiles } from './files.suite.ts';

describeFiles('local');
