; Shared by JavaScript, TypeScript and TSX: ScriptHandler appends this to javascript.scm or typescript.scm.
(variable_declarator name: (identifier) @name value: [(arrow_function) (function_expression)]) @definition.function
(expression_statement
  (assignment_expression
    left: (member_expression property: (property_identifier) @name)
    right: [(arrow_function) (function_expression)])) @definition.function

(export_statement declaration: (_) @wrapped) @outer
(lexical_declaration (variable_declarator) @wrapped) @outer
(variable_declaration (variable_declarator) @wrapped) @outer

(call_expression function: (identifier) @call)
(call_expression function: (member_expression property: (property_identifier) @call))
(new_expression constructor: (identifier) @call)

(comment) @comment
