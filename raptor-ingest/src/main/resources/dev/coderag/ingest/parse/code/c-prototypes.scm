; Headers only (CFamilyHandler): function prototypes are chunks, as the API is documented on them.
(declaration declarator: (function_declarator declarator: (identifier) @name)) @definition.function
(declaration declarator: (_ (function_declarator declarator: (identifier) @name))) @definition.function
(declaration declarator: (_ (_ (function_declarator declarator: (identifier) @name)))) @definition.function
