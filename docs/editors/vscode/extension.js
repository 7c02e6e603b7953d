// Starts `dialrules lsp` for .dialrules files (docs/editors.md).
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

let client;

exports.activate = function activate(context) {
  const command = vscode.workspace.getConfiguration('dialrules').get('path') || 'dialrules';
  client = new LanguageClient(
    'dialrules',
    'dialrules',
    { command, args: ['lsp'] },
    { documentSelector: [{ scheme: 'file', language: 'dialrules' }, { scheme: 'untitled', language: 'dialrules' }] },
  );
  context.subscriptions.push(client);
  return client.start();
};

exports.deactivate = function deactivate() {
  return client ? client.stop() : undefined;
};
