-- dialrules for Neovim 0.7 and later: put this file in ~/.config/nvim/plugin/dialrules.lua
-- (or `dofile` it from init.lua). It marks *.dialrules files as filetype `dialrules` and attaches
-- one `dialrules lsp` client to every such buffer. docs/editors.md explains each feature; the
-- end-to-end test (Tests/Editors/nvim/editor_test.lua) loads exactly this file.

-- The server command; set vim.g.dialrules_lsp_cmd before this file runs to use another binary.
local cmd = vim.g.dialrules_lsp_cmd or { 'dialrules', 'lsp' }
local client_id = nil

vim.api.nvim_create_autocmd({ 'BufRead', 'BufNewFile' }, {
  pattern = '*.dialrules',
  callback = function() vim.bo.filetype = 'dialrules' end,
})

vim.api.nvim_create_autocmd('FileType', {
  pattern = 'dialrules',
  callback = function(args)
    if client_id == nil or vim.lsp.get_client_by_id(client_id) == nil then
      client_id = vim.lsp.start_client({
        name = 'dialrules',
        cmd = cmd,
        root_dir = vim.fn.getcwd(),
        on_attach = function(_, bufnr)
          local opts = { buffer = bufnr }
          vim.keymap.set('n', 'K', vim.lsp.buf.hover, opts)
          vim.keymap.set('n', 'gd', vim.lsp.buf.definition, opts)
          vim.keymap.set('n', 'gr', vim.lsp.buf.references, opts)
          vim.keymap.set('n', '<leader>rn', vim.lsp.buf.rename, opts)
          vim.keymap.set('n', '<leader>ca', vim.lsp.buf.code_action, opts)
          vim.keymap.set('n', '<leader>f', function() vim.lsp.buf.formatting_sync(nil, 2000) end, opts)
          vim.bo[bufnr].omnifunc = 'v:lua.vim.lsp.omnifunc'
          -- Code lenses (each rule's examples): refresh on open and after edits.
          vim.api.nvim_create_autocmd({ 'BufEnter', 'InsertLeave', 'TextChanged' }, {
            buffer = bufnr,
            callback = function() pcall(vim.lsp.codelens.refresh) end,
          })
        end,
      })
    end
    if client_id ~= nil then vim.lsp.buf_attach_client(args.buf, client_id) end
  end,
})
