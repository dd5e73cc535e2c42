"""Module-level ``__getattr__`` that forwards a Keras namespace to a tapeflow module, on first use.

``framework.keras.layers.Dense`` imports the ``layers`` package only when it
is looked up, so ``import framework`` stays free of ``layers`` and ``optim``.
"""
import importlib
import types


def forward(target, public_name, extra=None, star_names=None, listed=None):
    """(__getattr__, __dir__) for a module that re-exports ``target``.

    Args:
        target: the module to read names from, e.g. 'layers'.
        public_name: the Keras spelling, for messages ('keras.layers').
        extra: {name: 'module:attribute'} for names found elsewhere.
        star_names: what ``from <public_name> import *`` binds, where that is not the rule of
            ``_star_names`` (keras.config: its own names, not every backend function it reaches).
        listed: the names ``dir()`` shows, where ``target`` holds more than Keras lists (tapeflow's
            submodules and helpers in framework.losses); the others stay reachable as attributes.
    """
    extra = extra or {}

    def __getattr__(name):
        if name == '__all__':       # asked by ``from keras.layers import *``
            return list(star_names) if star_names is not None else _star_names(target, __dir__(), extra)
        if name.startswith('__'):
            raise AttributeError(name)
        if name in extra:
            module_name, _, attribute = extra[name].partition(':')
            module = importlib.import_module(module_name)
            return getattr(module, attribute) if attribute else module
        module = importlib.import_module(target)
        try:
            return getattr(module, name)
        except AttributeError:      # Python's words for a module, as TF 2.21's Keras prints them
            error = AttributeError("module '%s' has no attribute '%s'" % (public_name, name))
            error.add_note('%s names: %s' % (public_name, ', '.join(__dir__())))
            raise error from None

    def __dir__():
        if listed is not None:
            return sorted(listed)
        module = importlib.import_module(target)
        names = getattr(module, '__all__', None) or [n for n in vars(module) if not n.startswith('_')]
        return sorted(set(names) | set(extra))

    return __getattr__, __dir__


def _star_names(target, names, extra):
    """The names ``from keras.layers import *`` binds: the public names, less tapeflow's submodules
    of ``target`` (``layers.initializers``, ``framework.losses.focal``), which Keras's namespace does
    not hold; a submodule forwarded on purpose (keras.optimizers.schedules, in ``extra``) stays.
    Without this the star import found no ``__all__`` and bound only this file's own names."""
    module = importlib.import_module(target)
    return [name for name in names
            if name in extra or not isinstance(getattr(module, name, None), types.ModuleType)]


def missing_names(public_name):
    """A module-level ``__getattr__`` for a Keras namespace tapeflow defines in a module of its own
    (``framework.keras.ops``): a missing name reads as Keras prints it, "module 'keras.ops' has no
    attribute 'x'", not with tapeflow's module path."""
    def __getattr__(name):
        raise AttributeError("module '%s' has no attribute '%s'" % (public_name, name))
    return __getattr__


class _SubmoduleAliases:
    """A meta-path finder that imports ``framework.keras.optimizers.schedules`` (say) as the tapeflow
    module it stands for, so ``from keras.optimizers.schedules import ExponentialDecay`` works
    after the import lines are changed; registered once, filled by ``submodules``."""

    targets = {}

    @classmethod
    def find_spec(cls, fullname, path=None, target=None):
        if fullname not in cls.targets:
            return None
        import importlib.util
        return importlib.util.spec_from_loader(fullname, cls)

    @classmethod
    def create_module(cls, spec):
        return importlib.import_module(cls.targets[spec.name])

    @classmethod
    def exec_module(cls, module):
        pass            # the target module ran when it was imported


def submodules(module_globals, aliases):
    """Make the forwarding module whose globals these are importable as a package of ``aliases``
    ({submodule name: tapeflow module}); the targets still load only when imported."""
    import sys
    module_globals['__path__'] = []             # a package, so the import system asks the finders
    for name, target in aliases.items():
        _SubmoduleAliases.targets[module_globals['__name__'] + '.' + name] = target
    if _SubmoduleAliases not in sys.meta_path:
        sys.meta_path.append(_SubmoduleAliases)
