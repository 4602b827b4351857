; `function M.f()` and `M.f = function()` are f with the table M as receiver (enclosing M); `function T:m()` is
; a method of T.
(function_definition_statement name: (identifier) @name) @definition.function
(function_definition_statement name: (variable table: (_) @receiver field: (identifier) @name)) @definition.function
(function_definition_statement name: (variable table: (_) @receiver method: (identifier) @name)) @definition.method
(local_function_definition_statement name: (identifier) @name) @definition.function
(variable_assignment
  (variable_list . (variable table: (_) @receiver field: (identifier) @name) .)
  (expression_list . (function_definition) .)) @definition.function
(variable_assignment
  (variable_list . (variable name: (identifier) @name) .)
  (expression_list . (function_definition) .)) @definition.function
(local_variable_declaration
  (variable_list . (variable name: (identifier) @name) .)
  (expression_list . (function_definition) .)) @definition.function

(call function: (variable name: (identifier) @call))
(call function: (variable field: (identifier) @call))
(call function: (variable method: (identifier) @call))

(comment) @comment
