; A module is a namespace: it encloses what it holds (Rack::Utils.escape is Rack.Utils.escape) and its code counts
; as top-level (RubyHandler). `def self.x` and `class << self` methods are the class's own.
(module name: (_) @name) @definition.module
(class name: (_) @name) @definition.class
(method name: (_) @name) @definition.function
(singleton_method name: (_) @name) @definition.function

(call method: (identifier) @call)
(call method: (constant) @call)

(comment) @comment
