"""The object graph a checkpoint saves: every variable reachable from a root, named by its path.

As TensorFlow does, the graph is walked breadth first from the root, and a
variable reached along several paths is saved once, under the first (the
shortest). Keys read as TensorFlow's: 'model/w/.ATTRIBUTES/VARIABLE_VALUE'.

What each kind of object contributes:
- a ``tf.Module``, Keras layer or model: its attributes, public names sorted
  then private ones (caches are reached last); lists and tuples as 'name/0', 'name/1', dicts as 'name/key' (so a
  subclassed model's Dense in ``self.l1`` saves 'l1/kernel' and 'l1/bias',
  as TensorFlow names them, whatever the layers' names);
- an optimizer: '_iterations', '_learning_rate' (when it is a variable), and
  each slot under its variable's key, as TensorFlow names slots:
  '<variable path>/.OPTIMIZER_SLOT/<optimizer path>/<slot name>';
- anything else with a ``variables`` attribute (metrics): '_variables/0', ...
"""
import collections
import sys

from ..module import Module
from ..variable import Variable

SUFFIX = '/.ATTRIBUTES/VARIABLE_VALUE'
SLOT_MARK = '/.OPTIMIZER_SLOT/'


def escape(name):
    """An attribute or dict key as one path segment ('/' and '.' escaped as TensorFlow does)."""
    return str(name).replace('.', '..').replace('/', './')


def join(path, name):
    """``name`` under ``path`` ('' is the root)."""
    return '%s/%s' % (path, name) if path and name else path or name


def _loaded(module_name, attribute):
    # Layers and optimizers are only looked for once their packages are loaded:
    # the core never imports Keras to write a checkpoint of plain variables.
    module = sys.modules.get(module_name)
    return getattr(module, attribute) if module is not None else None


def layer_class():
    return _loaded('layers.layer', 'Layer')


def optimizer_class():
    return _loaded('optim.optimizer', 'Optimizer')


def is_trackable(value):
    """Whether ``value`` can be put in a checkpoint (it is, or holds, variables). A Keras 3 metric
    holds variables but is no TF Trackable on TF 2.21: Checkpoint refuses it, a tf.Module's or a
    Checkpoint's attribute holding one saves nothing, tf.saved_model.save refuses it."""
    from .checkpoint import Checkpoint
    from ..metrics.metric import Metric
    if isinstance(value, Metric):
        return False
    return (isinstance(value, (Variable, Module, Checkpoint)) or hasattr(value, 'variables')
            or hasattr(value, '_checkpoint_children')      # e.g. a tf.random.Generator's state
            or hasattr(value, '_checkpoint_state'))        # a tf.data iterator's position


def _is_instance(value, cls):
    return cls is not None and isinstance(value, cls)


def attribute_children(obj):
    """(segment, value) pairs of an object tracked by attribute: public names sorted, then private ones."""
    out = []

    def add(path, value):
        if isinstance(value, (list, tuple)):
            for index, item in enumerate(value):
                add('%s/%d' % (path, index), item)
        elif isinstance(value, dict):
            for key, item in sorted(value.items(), key=lambda kv: str(kv[0])):
                add('%s/%s' % (path, escape(key)), item)
        elif is_trackable(value):
            out.append((path, value))

    # Public attributes first: a variable also held in a private cache or list
    # ('_trainable_created') is named by the attribute users know ('kernel').
    for name, value in sorted(vars(obj).items(), key=lambda item: (item[0].startswith('_'), item[0])):
        if not name.startswith('__'):
            add(escape(name), value)
    return out


def _optimizer_children(optimizer):
    out = [('_iterations', optimizer._iterations)]
    for name, variable in optimizer._slots.extras.items():
        out.append(('_' + escape(name), variable))
    return out


class ObjectGraph:
    """The variables (by key) and objects (by path) reachable from ``children`` of the root.

    ``before_expand(path, obj)`` is called on each object before its children are
    listed, so a restore can build a Keras model that is not built yet.
    """

    def __init__(self, root_children, before_expand=None):
        self.variables = {}        # key -> Variable
        self.objects = {}          # path -> object (not variables)
        self.optimizers = []       # (path, optimizer)
        self._key_of = {}          # id(variable) -> key
        Layer, Optimizer = layer_class(), optimizer_class()
        queue = collections.deque(root_children)
        seen = set()
        while queue:
            path, obj = queue.popleft()
            if id(obj) in seen:
                continue
            seen.add(id(obj))
            if isinstance(obj, Variable):
                self.variables[path + SUFFIX] = obj
                self._key_of[id(obj)] = path + SUFFIX
                continue
            if before_expand is not None:
                before_expand(path, obj)
            self.objects[path] = obj
            if _is_instance(obj, Optimizer):
                self.optimizers.append((path, obj))
                queue.extend((join(path, name), child) for name, child in _optimizer_children(obj))
            elif hasattr(obj, '_checkpoint_children'):       # a nested Checkpoint
                queue.extend((join(path, name), child) for name, child in obj._checkpoint_children())
            elif isinstance(obj, Module) or _is_instance(obj, Layer):
                queue.extend((join(path, name), child) for name, child in attribute_children(obj))
            elif hasattr(obj, '_checkpoint_state'):          # an iterator: not in this older format
                continue
            else:
                queue.extend((join(path, '_variables/%d' % i), v) for i, v in enumerate(obj.variables))
        for path, optimizer in self.optimizers:
            self._add_slots(path, optimizer)

    def _add_slots(self, path, optimizer):
        for index, variable in enumerate(optimizer._slots.model_variables()):
            owner = self.slot_owner_path(path, variable, index)
            for name in optimizer._slots.names_for(variable):
                self.variables[owner + SLOT_MARK + join(path, escape(name)) + SUFFIX] = \
                    optimizer.get_slot(variable, name)

    def slot_owner_path(self, optimizer_path, variable, index):
        """Where ``variable``'s slots are saved: under the variable's own path when it is in
        the graph, else under the optimizer ('<optimizer>/_slots/<index>')."""
        key = self._key_of.get(id(variable))
        return key[:-len(SUFFIX)] if key else join(optimizer_path, '_slots/%d' % index)

    def key_of(self, variable):
        return self._key_of.get(id(variable))
