"""``framework.Module``: a container of variables and sub-modules, as ``tf.Module``.

Variables and sub-modules are found by looking through the instance's
attributes (and lists, tuples and dicts in them) when asked, in sorted
attribute-name order as TensorFlow does: ``self.w = Variable(...)`` in
``__init__`` is all a user writes.
"""
import functools
import re

from . import nest
from .name_scopes import name_scope
from .variable import Variable
from .keras_repr import default_repr
from .module_flatten import flatten_module


_VALID_NAME = re.compile(r'^[a-zA-Z_]([a-zA-Z0-9_])*$')     # TensorFlow's module names


def _camel_to_snake(name):
    """TensorFlow's rule: an underscore before a capital that follows a lower-case letter or digit, or that
    starts a capitalised word (MLP -> mlp, HTTPServer -> http_server, Dense2D -> dense2_d)."""
    return re.sub(r'((?<=[a-z0-9])[A-Z]|(?!^)[A-Z](?=[a-z]))', r'_\1', name).lower()


class Module:
    """Base class for models written with variables and plain Python methods.

    Args:
        name: a name (default: the class name in snake case).
    """
    __repr__ = default_repr     # TF's object repr, its module named as TF names it

    def __init__(self, name=None):
        if name is not None and not _VALID_NAME.match(name):
            error = ValueError('%r is not a valid module name. Module names must be valid Python identifiers (e.g. '
                               'a valid class name).' % (name,))
            error.add_note("Module: use letters, digits and '_', not starting with a digit (names scope variables)")
            raise error
        self._module_name = name or _camel_to_snake(type(self).__name__)
        # As TensorFlow: the scope is fixed when the module is made ('outer/m/' inside tf.name_scope('outer')).
        with name_scope(self._module_name) as scope_name:
            self._module_scope = name_scope(scope_name)

    def __setattr__(self, name, value):
        # Lists and dicts are kept wrapped, as TensorFlow's tracking keeps them (ListWrapper([...])),
        # so items added later are restored too.
        missing = object()
        previous = self.__dict__.get(name, missing)
        object.__setattr__(self, name, tracked_containers.wrapped(value))
        # As TensorFlow's tracking: a checkpoint restored before this attribute existed gives it
        # its saved value now (the guide's delayed restoration; one dict check when none waits).
        try:
            deferred_restore.after_build(self)
        except Exception:
            # a refused value (another shape or dtype): TF raises before the attribute is assigned
            if previous is missing:
                object.__delattr__(self, name)
            else:
                object.__setattr__(self, name, previous)
            raise

    @property
    def name(self):
        return getattr(self, '_module_name', _camel_to_snake(type(self).__name__))

    @property
    def variables(self):
        """Every variable of this module and its sub-modules, each once: this module's own first
        (attributes in sorted name order, nested lists and dicts flattened as tf.nest does), then
        each sub-module's the same way, as TensorFlow's ``_flatten_module`` orders them."""
        return tuple(_flatten_module(self, lambda v: isinstance(v, Variable), {id(self)}))

    @property
    def trainable_variables(self):
        return tuple(v for v in self.variables if v.trainable)

    @property
    def non_trainable_variables(self):
        return tuple(v for v in self.variables if not v.trainable)

    @property
    def submodules(self):
        return tuple(_flatten_module(self, lambda v: isinstance(v, Module), {id(self)}))

    def _flatten(self, recursive=True, predicate=None, attribute_traversal_key=None, with_path=False,
                 expand_composites=False):
        """A generator of this module's attribute values (see ``module_flatten``), as TF's private
        ``tf.Module._flatten``: ``predicate`` filters them, ``with_path`` yields (path, value) pairs."""
        return flatten_module(self, recursive, predicate, attribute_traversal_key, with_path, expand_composites)

    @property
    def name_scope(self):
        """A ``name_scope`` naming the variables made inside it 'module_name/...'."""
        if '_module_scope' not in vars(self):      # a subclass that skipped Module.__init__
            self._module_scope = name_scope(self.name + '/')
        return self._module_scope

    @classmethod
    def with_name_scope(cls, method):
        """Decorator: ``method`` runs inside its module's ``name_scope``."""
        @functools.wraps(method)
        def method_with_name_scope(self, *args, **kwargs):
            with self.name_scope:
                return method(self, *args, **kwargs)
        return method_with_name_scope


def _flatten_module(module, keep, seen):
    """The values ``keep`` accepts among ``module``'s attributes, then its sub-modules' in turn.

    A Keras layer held by a Module is a leaf, not a sub-module, as in TensorFlow 2.21 with
    Keras 3 (its variables are not the module's)."""
    submodules = []
    for key in sorted(vars(module)):
        for leaf in nest.flatten(vars(module)[key]):
            if id(leaf) in seen:
                continue
            seen.add(id(leaf))
            if keep(leaf):
                yield leaf
            if isinstance(leaf, Module):
                submodules.append(leaf)
    for submodule in submodules:
        yield from _flatten_module(submodule, keep, seen)


# Imported last: framework.train's object views import Module from here.
from .train import deferred_restore, tracked_containers  # noqa: E402
