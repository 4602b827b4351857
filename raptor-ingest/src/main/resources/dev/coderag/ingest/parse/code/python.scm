(class_definition name: (identifier) @name) @definition.class
(function_definition name: (identifier) @name) @definition.function

(decorated_definition definition: (_) @wrapped) @outer

(call function: (identifier) @call)
(call function: (attribute attribute: (identifier) @call))
