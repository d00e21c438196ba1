-- Driven by TestNeovimQuickFix: Neovim's built-in LSP client runs
-- `mcperrlint lsp` on one file, applies the first diagnostic's code action
-- and writes the file, until no diagnostic is left, then stops the server.
--
-- Written for Neovim 0.7 (Debian bookworm), whose API is
-- vim.lsp.start_client and vim.lsp.buf_attach_client; both remain in
-- later releases. Inputs come from the environment: MCPERRLINT_BIN,
-- MCPERRLINT_FILE, and MCPERRLINT_LOG, where progress and the verdict
-- (a last line "OK ..." or "FAIL: ...") are written.

local log = assert(io.open(os.getenv('MCPERRLINT_LOG'), 'w'))

local function say(...)
  log:write(string.format(...) .. '\n')
  log:flush()
end

local function fail(...)
  say('FAIL: ' .. string.format(...))
  vim.cmd('cquit! 1')
end

local function main()
  local bin, file = os.getenv('MCPERRLINT_BIN'), os.getenv('MCPERRLINT_FILE')
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()
  local uri = vim.uri_from_bufnr(bufnr)

  -- Record each publication for the file, and the server's messages,
  -- keeping the default handling (vim.diagnostic) in place.
  local published, messages = {}, {}
  local publish = vim.lsp.handlers['textDocument/publishDiagnostics']
  vim.lsp.handlers['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
    if result and vim.uri_to_fname(result.uri) == vim.uri_to_fname(uri) then
      table.insert(published, result.diagnostics)
    end
    return publish(err, result, ctx, config)
  end
  vim.lsp.handlers['window/showMessage'] = function(_, result)
    table.insert(messages, result.message)
  end

  local exit_code
  local client_id = vim.lsp.start_client({
    name = 'mcperrlint',
    cmd = { bin, 'lsp' },
    root_dir = vim.fn.fnamemodify(file, ':h'),
    on_exit = function(code) exit_code = code end,
  })
  if not client_id then
    return fail('vim.lsp.start_client failed')
  end
  if not vim.lsp.buf_attach_client(bufnr, client_id) then
    return fail('vim.lsp.buf_attach_client failed')
  end
  local client = vim.lsp.get_client_by_id(client_id)

  local function publication(n)
    vim.wait(120000, function() return #published >= n or exit_code ~= nil end, 20)
    if #published < n then
      fail('no publication %d of diagnostics (server exit %s); messages: %s',
        n, tostring(exit_code), table.concat(messages, ' | '))
    end
    return published[n]
  end

  local diags = publication(1)
  say('%d diagnostics', #diags)
  -- The example's findings are all argument errors (decode, validate,
  -- invalid-params), whose level in SARIF and GitHub annotations is
  -- error: the editor shows them as errors too.
  for _, d in ipairs(diags) do
    if d.severity ~= 1 then
      return fail('%s on line %d: severity %s, want 1 (error), the level SARIF gives it',
        tostring(d.code), d.range.start.line + 1, tostring(d.severity))
    end
  end
  local shown = vim.diagnostic.get(bufnr, { severity = vim.diagnostic.severity.ERROR })
  if #shown ~= #diags then
    return fail('Neovim shows %d of %d diagnostics as errors', #shown, #diags)
  end
  local fixes = 0
  while #diags > 0 do
    if fixes == 10 then
      return fail('%d diagnostics left after 10 fixes', #diags)
    end
    local d = diags[1]
    -- What vim.lsp.buf.code_action sends, for the diagnostic's range.
    local params = {
      textDocument = { uri = uri },
      range = d.range,
      context = { diagnostics = { d } },
    }
    local resp, err = client.request_sync('textDocument/codeAction', params, 10000, bufnr)
    if not resp or resp.err then
      return fail('codeAction: %s', vim.inspect(err or resp.err))
    end
    local actions = resp.result or {}
    if #actions ~= 1 or actions[1].kind ~= 'quickfix' or not actions[1].edit then
      return fail('want one quickfix with an edit, got %s', vim.inspect(actions))
    end
    -- What vim.lsp.buf.code_action does with the chosen action.
    vim.lsp.util.apply_workspace_edit(actions[1].edit, client.offset_encoding)
    fixes = fixes + 1
    local seen = #published
    vim.cmd('write')
    diags = publication(seen + 1)
    say('after fix %d (%s): %d diagnostics', fixes, actions[1].title, #diags)
  end

  -- Stop the server as Neovim does when it quits: shutdown, then exit.
  client.stop()
  vim.wait(10000, function() return exit_code ~= nil end, 20)
  if exit_code ~= 0 then
    return fail('server exit code %s, want 0', tostring(exit_code))
  end
  say('OK %d fixes', fixes)
  vim.cmd('qall!')
end

local ok, err = pcall(main)
if not ok then
  fail('%s', tostring(err))
end
