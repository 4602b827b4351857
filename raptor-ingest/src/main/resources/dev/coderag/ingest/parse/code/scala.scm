; Objects (and package objects) are classes, as Kotlin's are; a `val` bound to a lambda is a function. A
; `package a.b { … }` block encloses what it holds; a `package a.b` clause does not.
(package_clause name: (_) @name body: (_)) @definition.module
(class_definition name: (identifier) @name) @definition.class
(object_definition name: (identifier) @name) @definition.class
(package_object name: (identifier) @name) @definition.class
(trait_definition name: (identifier) @name) @definition.trait
(enum_definition name: (identifier) @name) @definition.enum
(function_definition name: (identifier) @name) @definition.function
(function_declaration name: (identifier) @name) @definition.function
(val_definition pattern: (identifier) @name value: (lambda_expression)) @definition.function
(type_definition name: (type_identifier) @name) @definition.type

(call_expression function: (identifier) @call)
(call_expression function: (field_expression field: (identifier) @call))
(call_expression function: (generic_function function: (identifier) @call))
(call_expression function: (generic_function function: (field_expression field: (identifier) @call)))
(instance_expression (type_identifier) @call)
(instance_expression (generic_type type: (type_identifier) @call))

(block_comment) @comment
(comment) @comment
