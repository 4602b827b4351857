(function_definition name: (word) @name) @definition.function

(command name: (command_name (word) @call))

(comment) @comment
