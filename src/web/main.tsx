import './zod-jitless';
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles/theme.css';
import './styles/tap-targets.css';
import { startApp } from './app/start-app';

const root = document.getElementById('root');
if (root) void startApp(root);
