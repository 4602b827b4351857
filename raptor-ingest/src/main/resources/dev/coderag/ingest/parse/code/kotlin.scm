; The Kotlin grammar has no field names. An enum class has both the enum and the class keyword: its pattern
; comes first, and the first pattern that matches a node names its kind.
(class_declaration "enum" (type_identifier) @name) @definition.enum
(class_declaration "interface" (type_identifier) @name) @definition.interface
(class_declaration "class" (type_identifier) @name) @definition.class
(object_declaration (type_identifier) @name) @definition.class
(companion_object (type_identifier) @name) @definition.class
(function_declaration (simple_identifier) @name) @definition.function
(secondary_constructor "constructor" @name) @definition.constructor
(type_alias (type_identifier) @name) @definition.type

(call_expression . (simple_identifier) @call)
(call_expression . (navigation_expression (navigation_suffix (simple_identifier) @call) .))

(multiline_comment) @comment
(line_comment) @comment
