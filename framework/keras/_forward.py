"""Module-level ``__getattr__`` that forwards a Keras namespace to a tapeflow module, on first use.

``framework.keras.layers.Dense`` imports the ``layers`` package only when it
is looked up, so ``import framework`` stays free of ``layers`` and ``optim``.
"""
import importlib


def forward(target, public_name, extra=None):
    """(__getattr__, __dir__) for a module that re-exports ``target``.

    Args:
        target: the module to read names from, e.g. 'layers'.
        public_name: the Keras spelling, for messages ('keras.layers').
        extra: {name: 'module:attribute'} for names found elsewhere.
    """
    extra = extra or {}

    def __getattr__(name):
        if name.startswith('__'):
            raise AttributeError(name)
        if name in extra:
            module_name, _, attribute = extra[name].partition(':')
            module = importlib.import_module(module_name)
            return getattr(module, attribute) if attribute else module
        module = importlib.import_module(target)
        try:
            return getattr(module, name)
        except AttributeError:
            raise AttributeError('%s has no attribute %r; available: %s'
                                 % (public_name, name, ', '.join(__dir__()))) from None

    def __dir__():
        module = importlib.import_module(target)
        names = getattr(module, '__all__', None) or [n for n in vars(module) if not n.startswith('_')]
        return sorted(set(names) | set(extra))

    return __getattr__, __dir__
