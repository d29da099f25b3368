import '@fontsource/noto-sans-sc/400.css';
import './style.css';
import { render } from 'preact';
import { App } from './app.js';

render(<App />, document.getElementById('app')!);
