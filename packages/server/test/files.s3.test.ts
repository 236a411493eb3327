import { describeFiles } from './files.suite.ts';

describeFiles('s3');
