; The grammar reads class, struct, enum, actor and extension declarations as one node type, told apart by their
; keyword. An extension is named by the type it extends.
(class_declaration declaration_kind: "class" name: (type_identifier) @name) @definition.class
(class_declaration declaration_kind: "actor" name: (type_identifier) @name) @definition.class
(class_declaration declaration_kind: "struct" name: (type_identifier) @name) @definition.struct
(class_declaration declaration_kind: "enum" name: (type_identifier) @name) @definition.enum
(class_declaration declaration_kind: "extension" name: (_) @name) @definition.impl
(protocol_declaration name: (type_identifier) @name) @definition.interface
(function_declaration name: (simple_identifier) @name) @definition.function
(protocol_function_declaration name: (simple_identifier) @name) @definition.function
(init_declaration "init" @name) @definition.constructor
(deinit_declaration "deinit" @name) @definition.method
(typealias_declaration name: (type_identifier) @name) @definition.type

(call_expression . (simple_identifier) @call)
(call_expression . (navigation_expression suffix: (navigation_suffix suffix: (simple_identifier) @call)))
(constructor_expression constructed_type: (user_type . (type_identifier) @call))

(comment) @comment
(multiline_comment) @comment
