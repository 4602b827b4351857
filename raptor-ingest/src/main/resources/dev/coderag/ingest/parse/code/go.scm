(function_declaration name: (identifier) @name) @definition.function
(method_declaration
  receiver: (parameter_list (parameter_declaration type: (_) @receiver))
  name: (field_identifier) @name) @definition.method
(type_spec name: (type_identifier) @name type: (struct_type)) @definition.struct
(type_spec name: (type_identifier) @name type: (interface_type)) @definition.interface
(type_spec name: (type_identifier) @name
  type: [(type_identifier) (qualified_type) (generic_type) (pointer_type) (slice_type) (array_type)
         (map_type) (channel_type) (function_type)]) @definition.type
(type_alias name: (type_identifier) @name) @definition.type

(type_declaration (type_spec) @wrapped) @outer
(type_declaration (type_alias) @wrapped) @outer

(call_expression function: (identifier) @call)
(call_expression function: (selector_expression field: (field_identifier) @call))
(call_expression function: (index_expression operand: (identifier) @call))
(call_expression function: (index_expression operand: (selector_expression field: (field_identifier) @call)))

(comment) @comment
