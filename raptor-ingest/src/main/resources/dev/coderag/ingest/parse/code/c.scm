; C, and the part of C++ it shares (CFamilyHandler appends cpp.scm for C++). A function's name sits in its
; declarator, below up to two pointer or reference declarators.
(function_definition declarator: (function_declarator declarator: (identifier) @name)) @definition.function
(function_definition declarator: (_ (function_declarator declarator: (identifier) @name))) @definition.function
(function_definition declarator: (_ (_ (function_declarator declarator: (identifier) @name)))) @definition.function

(struct_specifier name: (type_identifier) @name body: (field_declaration_list)) @definition.struct
(union_specifier name: (type_identifier) @name body: (field_declaration_list)) @definition.struct
(enum_specifier name: (type_identifier) @name body: (enumerator_list)) @definition.enum

; typedef struct { … } name;  takes the typedef's name; typedef struct tag { … } name;  is the struct, widened.
(type_definition type: (struct_specifier !name body: (field_declaration_list)) declarator: (type_identifier) @name) @definition.struct
(type_definition type: (union_specifier !name body: (field_declaration_list)) declarator: (type_identifier) @name) @definition.struct
(type_definition type: (enum_specifier !name body: (enumerator_list)) declarator: (type_identifier) @name) @definition.enum
(type_definition type: [(struct_specifier name: (_) body: (_)) (union_specifier name: (_) body: (_)) (enum_specifier name: (_) body: (_))] @wrapped) @outer
(type_definition
  type: [(primitive_type) (type_identifier) (sized_type_specifier) (struct_specifier !body) (union_specifier !body) (enum_specifier !body)]
  declarator: [(type_identifier) @name
               (pointer_declarator declarator: (type_identifier) @name)
               (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (type_identifier) @name)))
               (pointer_declarator declarator: (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (type_identifier) @name))))]) @definition.type

(call_expression function: (identifier) @call)
(call_expression function: (field_expression field: (field_identifier) @call))

(comment) @comment
