; C++ on top of c.scm: classes, namespaces, templates, members and out-of-class definitions (Type::name).
(class_specifier name: (type_identifier) @name body: (field_declaration_list)) @definition.class
(namespace_definition name: (_) @name) @definition.module
(alias_declaration name: (type_identifier) @name) @definition.type

(function_definition declarator: (function_declarator declarator: [(field_identifier) (destructor_name) (operator_name) (template_function)] @name)) @definition.function
(function_definition declarator: (_ (function_declarator declarator: [(field_identifier) (destructor_name) (operator_name) (template_function)] @name))) @definition.function
(function_definition declarator: (function_declarator declarator: (qualified_identifier) @receiver @name)) @definition.method
(function_definition declarator: (_ (function_declarator declarator: (qualified_identifier) @receiver @name))) @definition.method
(function_definition declarator: (_ (_ (function_declarator declarator: (qualified_identifier) @receiver @name)))) @definition.method

(template_declaration [(class_specifier) (struct_specifier) (union_specifier) (function_definition) (alias_declaration) (declaration)] @wrapped) @outer

(call_expression function: (qualified_identifier name: (identifier) @call))
(call_expression function: (qualified_identifier name: (template_function name: (identifier) @call)))
(call_expression function: (template_function name: (identifier) @call))
(call_expression function: (field_expression field: (template_method name: (field_identifier) @call)))
(new_expression type: (type_identifier) @call)
