import { useFilesApp } from './files.app.ts';
import { describeFileArchives } from './files.archive.suite.ts';
import { describeFileMultipart } from './files.multipart.suite.ts';
import { describeFileReads } from './files.reads.suite.ts';
import { describeFileUploads } from './files.uploads.suite.ts';
import { describeFileVerification } from './files.verified.suite.ts';

const app = useFilesApp('local');
describeFileUploads(app);
describeFileReads(app);
describeFileMultipart(app);
describeFileArchives(app);
describeFileVerification(app);
