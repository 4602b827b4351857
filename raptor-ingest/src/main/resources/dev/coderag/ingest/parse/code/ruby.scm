; A module is a namespace: it encloses what it holds (Rack::Auth::Basic is Rack.Auth.Basic) and its code counts
; as top-level, unless it defines methods: then it is a mixin, a trait (RubyHandler.definitionKind). `def self.x`
; and `class << self` methods are the class's own.
(module name: (_) @name) @definition.module
(class name: (_) @name) @definition.class
(method name: (_) @name) @definition.function
(singleton_method name: (_) @name) @definition.function

(call method: (identifier) @call)
(call method: (constant) @call)

(comment) @comment
