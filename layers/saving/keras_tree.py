"""Where each object's variables go in Keras 3's ``.weights.h5`` layout.

Keras 3 (``saving_lib._save_state``) walks the model as a tree of
"saveables" (layers and the optimizer); each writes its own variables,
trainable ones first, under ``<path>/vars/0``, ``1``, ...:

- the model itself at the root (``vars``);
- a Sequential (or functional) model's layers first, under ``layers/``;
- then every attribute holding a layer or the optimizer, sorted by name with
  private (``_``) names last, under ``<attribute>``;
- the items of a list, tuple or dict attribute under
  ``<attribute>/<snake_case class name>``, numbered ``_1``, ``_2`` ... on
  repeats, nested containers as ``container``, ``container_1`` ...;
- an object met twice is saved only the first time.

The paths use class names and attribute names, never layer names, so two
instances of one architecture map onto each other whatever their names.
"""
from optim import Optimizer

from ..layer import Layer
from ..naming import to_snake_case
from ..tracking import NOT_SUBLAYER_NAMES

# Attributes of models and layers that Keras's walk never enters (Keras
# skips everything its base Layer has, including the ``_layers`` list that
# also holds a Sequential's input layer).
_NOT_WALKED = NOT_SUBLAYER_NAMES | {'_layers', '_input_layer'}


class Saveable:
    """One node of the tree: ``path`` ('' for the root), the object, and its own variables."""
    __slots__ = ('path', 'obj')

    def __init__(self, path, obj):
        self.path = path
        self.obj = obj

    @property
    def name(self):
        return self.obj.name

    @property
    def is_optimizer(self):
        return not isinstance(self.obj, Layer)

    @property
    def variables(self):
        """The object's own variables in Keras 3's order."""
        if self.is_optimizer:
            return list(self.obj.variables)
        return list(self.obj._trainable_created) + list(self.obj._non_trainable_created)

    def describe(self):
        kind = 'optimizer' if self.is_optimizer else 'layer'
        return "%s '%s' (%s)" % (kind, self.name, self.path or 'the model itself')


def saveables(model, include_optimizer=True):
    """Every saveable under ``model``, in Keras 3's walk order, each with its path. ``include_optimizer``
    is for the model's own optimizer: a compiled model nested in it keeps its optimizer's state
    ('layers/functional/optimizer/vars'), as Keras 3 walks every attribute of every sublayer."""
    out = []
    _walk(model, '', set(), out, include_optimizer)
    return out


def _walk(obj, path, visited, out, include_optimizer=True):
    if id(obj) in visited:
        return
    out.append(Saveable(path, obj))
    visited.add(id(obj))
    for attribute, child in _children(obj, include_optimizer):
        child_path = _join(path, attribute)
        if _is_saveable(child):
            _walk(child, child_path, visited, out)
        elif isinstance(child, (list, tuple, dict)):
            _walk_container(child, child_path, visited, out, set())


def _walk_container(container, path, visited, out, seen_containers):
    if id(container) in seen_containers:
        return
    seen_containers.add(id(container))
    used = {}
    for item in (container.values() if isinstance(container, dict) else container):
        # The name is taken even when the item was already saved elsewhere,
        # exactly as Keras numbers them. An optimizer inside a container (the
        # model's record of its compile arguments) is reached as 'optimizer' only.
        if isinstance(item, Layer):
            # Keras's class name, where tapeflow's class is named as Keras exports it (GroupQueryAttention)
            class_name = getattr(type(item), '_keras_class_name', type(item).__name__)
            _walk(item, _join(path, _unique(to_snake_case(class_name), used)), visited, out)
        elif isinstance(item, (list, tuple, dict)):
            _walk_container(item, _join(path, _unique('container', used)), visited, out, seen_containers)


def _children(obj, include_optimizer):
    """(attribute name, value) pairs in Keras 3's order."""
    if not isinstance(obj, Layer):
        # an optimizer's saveables are the optimizers it holds: a LossScaleOptimizer's inner one,
        # whose variables Keras 3 writes again under 'optimizer/inner_optimizer'
        return sorted((name, value) for name, value in vars(obj).items() if _is_optimizer(value))
    attributes = {name: value for name, value in vars(obj).items()
                  if name not in _NOT_WALKED and not name.startswith('__')}
    first = []
    if is_layer_graph(obj):
        first.append(('layers', list(obj.layers)))
    elif is_model(obj):
        attributes['layers'] = list(obj.layers)
    for name in getattr(type(obj), 'keras_walked_properties', ()):
        attributes[name] = getattr(obj, name)      # Keras walks dir(), properties included
    optimizer = getattr(obj, 'optimizer', None) if is_model(obj) else None
    for name in [n for n, v in attributes.items() if _is_optimizer(v)]:
        del attributes[name]           # reached as 'optimizer' below, whatever the private name
    if include_optimizer and _is_optimizer(optimizer):
        attributes['optimizer'] = optimizer
    ordered = sorted(attributes.items(), key=lambda item: '~' + item[0] if item[0].startswith('_') else item[0])
    return first + ordered


def is_model(obj):
    """A Model (anything with ``compile``), whose 'layers' and 'optimizer' Keras walks."""
    return isinstance(obj, Layer) and callable(getattr(type(obj), 'compile', None))


def is_layer_graph(obj):
    """A Sequential or functional model: Keras saves its ``layers`` before any attribute."""
    from ..functional.functional_model import Functional
    from ..sequential import Sequential
    return isinstance(obj, (Sequential, Functional))


def _is_optimizer(value):
    return isinstance(value, Optimizer)


def _is_saveable(value):
    return isinstance(value, Layer) or _is_optimizer(value)


def _unique(name, used):
    if name in used:
        used[name] += 1
        return '%s_%d' % (name, used[name])
    used[name] = 0
    return name


def _join(path, name):
    return name if not path else '%s/%s' % (path, name)
