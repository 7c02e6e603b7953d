-- Headless Neovim (0.7+) using dialrules as a rule author would, with the set-up of
-- docs/editors/neovim.lua: open a copy of the reference table (Fixtures/reference), type a typo and see its
-- diagnostic, apply the "did you mean" fix, hover a rule for its rationale, jump to a `let`,
-- format the file, read the code lenses, and check positions after non-ASCII text.
--
-- Run by Tests/Editors/run.sh as
--   DIALRULES_BIN=… DIALRULES_REPO=… DIALRULES_WORK=… nvim --headless --clean -c "luafile …/editor_test.lua"
-- It prints one line per step (also written to $DIALRULES_WORK/nvim-report.txt) and ends Neovim
-- with status 0 when every step held, 1 otherwise.

local bin = os.getenv('DIALRULES_BIN')
local repo = os.getenv('DIALRULES_REPO')
local work = os.getenv('DIALRULES_WORK')
local failures = 0
local report = {}

local function say(line)
  table.insert(report, line)
  io.stdout:write(line .. '\n')
end

local function check(ok, what)
  if ok then say('ok   ' .. what) else
    failures = failures + 1
    say('FAIL ' .. what)
  end
  return ok
end

local function finish()
  local f = io.open(work .. '/nvim-report.txt', 'w')
  if f then f:write(table.concat(report, '\n') .. '\n'); f:close() end
  if failures == 0 then vim.cmd('qall!') else vim.cmd('cquit 1') end
end

local ok, err = pcall(function()
  vim.g.dialrules_lsp_cmd = { bin, 'lsp', '--analysis-delay', '0' }
  dofile(repo .. '/docs/editors/neovim.lua')

  local path = work .. '/espresso.dialrules'
  local original = vim.fn.readfile(repo .. '/Fixtures/reference/reference-table.dialrules')
  vim.fn.writefile(original, path)
  vim.cmd('edit ' .. path)
  local buf = vim.api.nvim_get_current_buf()
  check(vim.bo[buf].filetype == 'dialrules', 'filetype is dialrules')

  local function code(d) return d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) end
  local function codes()
    local out = {}
    for _, d in ipairs(vim.diagnostic.get(buf)) do table.insert(out, tostring(code(d))) end
    table.sort(out)
    return table.concat(out, ' ')
  end
  local function find(pattern, from)
    for i, line in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
      if i >= (from or 1) and line:find(pattern, 1, true) then return i end
    end
  end

  -- The analysis of the reference table: six findings (one A001 per set of actions in conflict), shown as information.
  check(vim.wait(15000, function() return #vim.diagnostic.get(buf) == 6 end, 50), 'opened: analysis findings ' .. codes())

  -- Typing: `fast` becomes `fsat` in sour_fast's condition, key by key in insert mode.
  local rule_line = find('rule sour_fast')
  local when_line = find('when sour and not bitter and fast', rule_line)
  vim.api.nvim_win_set_cursor(0, { when_line, 0 })
  vim.cmd('normal! $ciwfsat')
  check(vim.api.nvim_buf_get_lines(buf, when_line - 1, when_line, false)[1]:sub(-4) == 'fsat', 'typed the typo')
  local typo
  check(vim.wait(15000, function()
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      if code(d) == 'C002' then typo = d return true end
    end
    return false
  end, 50), 'diagnostic while typing: ' .. (typo and (typo.message:gsub('\n', ' | ')) or 'none'))
  check(typo ~= nil and typo.lnum == when_line - 1 and typo.col == 31, 'the diagnostic is on the typo')

  -- The "did you mean" quick fix.
  vim.api.nvim_win_set_cursor(0, { when_line, 32 })
  local params = vim.lsp.util.make_range_params()
  params.context = { diagnostics = vim.lsp.diagnostic.get_line_diagnostics(buf, when_line - 1) }
  local responses = vim.lsp.buf_request_sync(buf, 'textDocument/codeAction', params, 5000) or {}
  local fix
  for _, r in pairs(responses) do
    for _, a in ipairs(r.result or {}) do
      if a.title == "Replace 'fsat' with 'fast'" then fix = a end
    end
  end
  check(fix ~= nil and fix.isPreferred, 'quick fix offered: ' .. (fix and fix.title or 'none'))
  if fix then vim.lsp.util.apply_workspace_edit(fix.edit, 'utf-16') end
  check(vim.api.nvim_buf_get_lines(buf, when_line - 1, when_line, false)[1]:sub(-4) == 'fast', 'fix applied')
  check(vim.wait(15000, function() return codes():find('C002') == nil and #vim.diagnostic.get(buf) == 6 end, 50),
    'diagnostics after the fix: ' .. codes())

  -- Hover on the rule id: its action and rationale.
  vim.api.nvim_win_set_cursor(0, { rule_line, 6 })
  local hover = vim.lsp.buf_request_sync(buf, 'textDocument/hover', vim.lsp.util.make_position_params(), 5000) or {}
  local text = ''
  for _, r in pairs(hover) do if r.result then text = r.result.contents.value end end
  check(text:find('A fast, sour shot is under-extracted', 1, true) ~= nil, 'hover on sour_fast: '
    .. (text:gsub('\n+', ' | ')))

  -- Go to definition from `fast` in the condition, as `gd` does: the cursor lands on its `let`.
  vim.api.nvim_win_set_cursor(0, { when_line, 32 })
  vim.lsp.buf.definition()
  local let_line = find('let fast =')
  check(vim.wait(5000, function() return vim.api.nvim_win_get_cursor(0)[1] == let_line end, 20),
    'definition jumped to line ' .. vim.api.nvim_win_get_cursor(0)[1] .. ' (let fast is line ' .. let_line .. ')')

  -- Formatting: break the layout of a rule, then format the buffer.
  local then_line = find('then grind finer 1 step', rule_line)
  vim.api.nvim_buf_set_lines(buf, then_line - 1, then_line, false, { '      then   grind finer  1 step' })
  vim.lsp.buf.formatting_sync(nil, 5000)
  local now = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  check(table.concat(now, '\n') == table.concat(original, '\n'), 'formatting restored the canonical layout')

  -- Positions after non-ASCII text: an example label with é and an emoji, then a typo.
  local example_line = find('example', rule_line)
  local label = '  example "café ☕ 😀" shot tme 21 s, dose 18 g, yield 36 g, taste sour; '
    .. 'recipe dose 18 g, yield 36 g, time 28 s expect grind finer 1 step'
  vim.api.nvim_buf_set_lines(buf, example_line - 1, example_line - 1, false, { label })
  local bad
  check(vim.wait(15000, function()
    for _, d in ipairs(vim.diagnostic.get(buf)) do if code(d) == 'C016' then bad = d return true end end
    return false
  end, 50), 'diagnostic after non-ASCII text: ' .. (bad and (bad.message:gsub('\n', ' | ')) or 'none'))
  local byte = label:find('tme', 1, true) - 1
  check(bad ~= nil and bad.col == byte, 'its column is the typo (byte ' .. byte .. ', UTF-16 '
    .. vim.str_utfindex(label, byte) .. ')')
  vim.api.nvim_win_set_cursor(0, { example_line, byte + 1 })
  params = vim.lsp.util.make_range_params()
  params.context = { diagnostics = vim.lsp.diagnostic.get_line_diagnostics(buf, example_line - 1) }
  fix = nil
  for _, r in pairs(vim.lsp.buf_request_sync(buf, 'textDocument/codeAction', params, 5000) or {}) do
    for _, a in ipairs(r.result or {}) do if a.title == "Replace 'tme' with 'time'" then fix = a end end
  end
  if fix then vim.lsp.util.apply_workspace_edit(fix.edit, 'utf-16') end
  local fixed = vim.api.nvim_buf_get_lines(buf, example_line - 1, example_line, false)[1]
  check(fixed == label:gsub(' tme ', ' time '), 'the fix after the emoji replaced exactly the word')

  -- Code lenses: each rule's examples, now including the new one on sour_fast.
  vim.lsp.codelens.refresh()
  local lenses = {}
  vim.wait(5000, function() lenses = vim.lsp.codelens.get(buf) return #lenses == 18 end, 50)
  local titles = {}
  for _, l in ipairs(lenses) do if l.command then titles[l.range.start.line + 1] = l.command.title end end
  check(#lenses == 18 and titles[rule_line] == '✓ 2 examples pass', 'code lens on sour_fast: ' .. tostring(titles[rule_line]))
end)

if not ok then
  failures = failures + 1
  say('FAIL error: ' .. tostring(err))
end
finish()
