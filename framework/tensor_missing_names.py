"""Names a program asks of an eager tensor that it lacks: the AttributeError TensorFlow raises.

A blog's update ``W = W - learning_rate * grad`` turns its Variable into a tensor, and the next
``W.assign_sub(...)`` fails; a PyTorch habit asks ``loss.item()``. TensorFlow's EagerTensor is a C
type, so Python's message names its module path: "'tensorflow.python.framework.ops.EagerTensor'
object has no attribute 'assign_sub'", the text learners search for, where Python's own message for
tapeflow's class says 'EagerTensor'. ``name``, ``op`` and ``graph`` are graph-tensor properties,
which TF's eager tensor refuses in its own words. A ``__getattr__`` would word every missing name,
but costs the training step CPython's specialised attribute loads (tensor_numpy_methods.py), so
these names are class attributes that raise. They are non-data descriptors: a subclass's own
methods (Variable, a variable's slice) come first, and ``hasattr(tensor, 'assign')`` stays False.
"""
import sys

from .type_text import python_type_name

# tf.Variable's names that an EagerTensor lacks (TF 2.21), and PyTorch's that programs carry over
NAMES = ('assign', 'assign_add', 'assign_sub', 'read_value', 'value', 'initial_value', 'initializer',
         'trainable', 'constraint', 'aggregation', 'synchronization', 'scatter_update', 'scatter_add',
         'scatter_sub', 'scatter_nd_update', 'sparse_read', 'gather_nd',
         'item', 'backward', 'detach', 'requires_grad', 'grad',
         'items')   # (Keras's callbacks read a custom train_step's returned loss tensor as a dict of logs)
# Graph-tensor properties an eager tensor refuses (TF's EagerTensor raises this text for each)
EAGER_UNDEFINED = ('name', 'op', 'graph')


class _Missing:
    """A name on the Tensor class that reading raises TF's AttributeError for."""

    def __init__(self, name):
        self.name = name

    def __get__(self, tensor, owner=None):
        if tensor is None:
            return self
        raise AttributeError("'%s' object has no attribute '%s'" % (python_type_name(tensor), self.name),
                             name=self.name, obj=tensor)


class _EagerUndefined(_Missing):
    def __get__(self, tensor, owner=None):
        if tensor is None:
            return self
        from . import executing_eagerly
        if executing_eagerly():
            raise AttributeError('Tensor.%s is undefined when eager execution is enabled.' % self.name,
                                 name=self.name, obj=tensor)
        if self.name == 'name':     # user code's read of a tensor the trace named: its graph name ('mul:0')
            from . import trace_names, replayed_tensor_names
            if trace_names.is_graph_tensor_to_caller(tensor):
                name = trace_names.entry_of(tensor)[0]
                name = name if ':' in name else name + ':0'
                replayed_tensor_names.remember(sys._getframe(1), trace_names.current(), name)
                return name
            name = replayed_tensor_names.replayed(sys._getframe(1))     # a later call TF runs as its graph
            if name is not None:
                return name
        return super().__get__(tensor, owner)      # a traced tensor: TF's has one, tapeflow's none


def _dir(tensor):
    """``dir(tensor)`` without these names, as TF's lists them: Python's "Did you mean" reads it
    (``t.assgn`` would suggest 'assign', which a tensor lacks)."""
    owner = type(tensor)
    return [name for name in object.__dir__(tensor) if not isinstance(getattr(owner, name, None), _Missing)]


def install(tensor_class):
    """Put the names on ``tensor_class`` (framework.tensor does, once, when it defines Tensor)."""
    for names, kind in ((NAMES, _Missing), (EAGER_UNDEFINED, _EagerUndefined)):
        for name in names:
            if name not in tensor_class.__dict__:
                setattr(tensor_class, name, kind(name))
    if '__dir__' not in tensor_class.__dict__:
        tensor_class.__dir__ = _dir
