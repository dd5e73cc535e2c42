"""``Loss``: a loss function with a reduction, a name and a config (Keras 3's contract).

``LossFunctionWrapper`` is the one mechanism behind every built-in loss
class: it holds a per-sample function and its keyword arguments.
"""
from .. import dtypes, nest, trace_names
from ..keras_repr import KerasObjectRepr
from ..tensor import Tensor
from .inputs import FLOATX, NUMPY_DTYPES, squeeze_or_expand_to_same_rank, to_dtype
from .naming import auto_name
from .tensor_notes import NOTES, get_keras_mask
from .reduction import reduce_weighted_values, standardize_reduction


_STRUCTURES = (list, tuple, dict)     # what Keras 3 pairs with optree before a loss computes


def _check_same_structure(y_true, y_pred, name, dtype):
    """Keras 3 converts each leaf of y_true and y_pred to a tensor, then pairs them structure by structure
    (optree, y_true's structure first): a list of labels against one prediction array, [1, 0] against
    [[.2, .8], [.6, .4]] or a list of predictions against one label array is refused in optree's words,
    where stacking the lists would compute a loss over other shapes. Structures that match go on."""
    if _structure_problem(y_true, y_pred) is None:
        return
    # optree's text shows y_pred's part as Keras converted it: tensors of the loss's dtype (y_pred converted first)
    converted_pred = nest.map_structure(lambda v: to_dtype(v, dtype, name, 'y_pred'), y_pred)
    converted_true = nest.map_structure(lambda v: to_dtype(v, dtype, name, 'y_true'), y_true)
    error = ValueError(_structure_problem(converted_true, converted_pred))
    error.add_note('Loss %r: y_true is %s, y_pred is %s; give both as arrays (np.array(...) of a nested list), or one '
                   'prediction per label array (a multi-output model takes one loss per output in compile)'
                   % (name, _structure_text(y_true), _structure_text(y_pred)))
    raise error


def _converted(x, dtype, name, role):
    """``x`` as a tensor of the loss's dtype. In a traced fit / evaluate step Keras 3's convert_to_tensor
    of a step tensor of another dtype (integer labels; float64 ones in train_on_batch) is a graph Cast in
    the loss's name scope: TF 2.21 prints it, and names it in a shape error, as 'compile_loss/mse/Cast'."""
    try:
        result = to_dtype(x, dtype, name, role)
    except (TypeError, ValueError):
        if type(x) in _STRUCTURES:
            # Keras maps convert_to_tensor over a Python structure's leaves: the first leaf it cannot convert
            # is the error (TF 2.21: "Cannot convert 'a' to EagerTensor of dtype float" for [['a', 'b']])
            for leaf in nest.flatten(x):
                to_dtype(leaf, dtype, name, role)
        raise
    if trace_names.ACTIVE and type(x) is Tensor:
        from layers.traced_casts import name_cast      # (lazy: layers imports the losses)
        name_cast(x, result)
    return result


def _structure_problem(a, b):
    """optree's complaint as keras.tree.map_structure(f, a, b) raises it, else None: first every node of
    ``a`` against ``b`` (type, arity, keys: flatten_up_to), then leaves of ``a`` where ``b`` nests deeper."""
    from ..keras.tree import _children, _node_problem      # (lazy: framework.keras imports the losses)

    def nodes(x, y):
        if not nest.is_nested(x):
            return None
        problem = _node_problem(x, y)
        # optree's flatten_up_to walks a reversed post-order: a node, then its children last to first
        for xc, yc in ([] if problem else reversed(_children(x, y))):
            problem = nodes(xc, yc)
            if problem:
                break
        return problem

    def leaves(x, y):
        if not nest.is_nested(x):
            return nest.is_nested(y)
        return any(leaves(xc, yc) for xc, yc in _children(x, y))

    problem = nodes(a, b)
    if problem is None and leaves(a, b):
        problem = "Structures don't have the same nested structure."
    return problem


def _structure_text(value):
    if type(value) in _STRUCTURES:
        return 'a %s of %d' % (type(value).__name__, len(value))
    return 'one array of shape %s' % (tuple(getattr(value, 'shape', ())),)


class Loss(KerasObjectRepr):   # Keras leaves a Loss's repr to Python: '<__main__.HuberLoss object at 0x...>'
    """Base class: subclasses implement ``call(y_true, y_pred)`` returning per-sample losses.

    Args:
        name: the name (default: the class name in snake_case).
        reduction: 'sum_over_batch_size' (default), 'sum', 'mean',
            'mean_with_sample_weight', 'none' or None.
        dtype: the computation dtype (default ``keras.backend.floatx()`` when the loss is made,
            float32 unless ``set_floatx`` changed it); inputs are cast to it.
    """
    _one_structure = False        # LossFunctionWrapper pairs y_true with y_pred structure by structure

    def __init__(self, name=None, reduction='sum_over_batch_size', dtype=None):
        self.name = name or auto_name(type(self).__name__)
        self.reduction = standardize_reduction(reduction)
        try:
            self._dtype = dtypes.as_dtype(dtype or default_dtype()).name
        except TypeError:
            if hasattr(dtype, 'compute_dtype'):     # a DTypePolicy (keras.DTypePolicy('float64')): its compute dtype
                self._dtype = dtypes.as_dtype(dtype.compute_dtype).name
                return
            if not isinstance(dtype, str):
                raise
            # Keras 3 reads the string as a DTypePolicy: 'mixed_float16' computes in float16, an unknown
            # name is the policy's ValueError
            from ..keras.mixed_precision import DTypePolicy      # (lazy: framework.keras imports the losses)
            self._dtype = DTypePolicy(dtype).compute_dtype

    @property
    def dtype(self):
        return self._dtype

    def __call__(self, y_true, y_pred, sample_weight=None):
        """The reduced loss: call(), then weights and mask, then the reduction.

        Raises:
            ValueError: naming the loss when the shapes of y_true, y_pred or
                sample_weight do not fit together.
        """
        if type(self.name) is not str or '/' in self.name:
            # Keras 3 makes any name; the name scope its __call__ opens refuses these (in fit as well)
            raise ValueError('Argument `name` must be a string and cannot contain character `/`. Received: name=%s'
                             % (self.name,))
        if self._one_structure and (type(y_pred) in _STRUCTURES or type(y_true) in _STRUCTURES):
            _check_same_structure(y_true, y_pred, self.name, self._dtype)
        # (fit calls this on every step: the common case, tensors of the loss's dtype without a note,
        # skips the calls)
        in_mask = get_keras_mask(y_pred) if id(y_pred) in NOTES else None
        target = NUMPY_DTYPES.get(self._dtype)
        if type(y_pred) is not Tensor or y_pred._data.dtype is not target:
            y_pred = _converted(y_pred, self._dtype, self.name, 'y_pred')
        if type(y_true) is not Tensor or y_true._data.dtype is not target:
            y_true = _converted(y_true, self._dtype, self.name, 'y_true')
        losses = self.call(y_true, y_pred)
        out_mask = get_keras_mask(losses) if id(losses) in NOTES else None
        if in_mask is not None and out_mask is not None:
            mask = in_mask & out_mask
        else:
            mask = in_mask if in_mask is not None else out_mask
        return reduce_weighted_values(losses, sample_weight=sample_weight, mask=mask,
                                      reduction=self.reduction, dtype=self._dtype, what=self.name)

    def call(self, y_true, y_pred):
        """Per-sample losses; subclasses override it (the base class has no formula)."""
        # Keras 3's bare NotImplementedError (empty text); what to do, in a note
        error = NotImplementedError()
        error.add_note('%s must override call(y_true, y_pred) to return per-sample losses' % type(self).__name__)
        raise error

    def get_config(self):
        return {'name': self.name, 'reduction': self.reduction}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


class LossFunctionWrapper(Loss):
    """A ``Loss`` around a per-sample function ``fn(y_true, y_pred, **kwargs)``.

    Labels of shape (N,) and predictions of shape (N, 1) are lined up first,
    so every wrapped function sees equal ranks, as in Keras 3.
    """
    _one_structure = True

    def __init__(self, fn, reduction='sum_over_batch_size', name=None, dtype=None, **kwargs):
        if not callable(fn):
            raise TypeError('LossFunctionWrapper: fn must be callable, got %r' % (fn,))
        super().__init__(name=name, reduction=reduction, dtype=dtype)
        self.fn = fn
        self._fn_kwargs = kwargs

    def call(self, y_true, y_pred):
        y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
        return self.fn(y_true, y_pred, **self._fn_kwargs)

    def get_config(self):
        # Built-in subclasses list their own arguments; a bare wrapper names its function.
        if type(self) is not LossFunctionWrapper:
            return dict(Loss.get_config(self), **self._fn_kwargs)
        # Keras 3 writes the function as serialize_keras_object does ({'module': 'builtins', ...}).
        from framework.keras.object_serialization import serialize_keras_object
        return dict(Loss.get_config(self), fn=serialize_keras_object(self.fn), **self._fn_kwargs)

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        if isinstance(config.get('fn'), dict) and config['fn'].get('class_name') == 'function':
            from framework.keras.object_serialization import deserialize_keras_object
            config['fn'] = deserialize_keras_object(config['fn'])
        elif 'fn' in config:
            from .registry import get
            config['fn'] = get(config['fn'])
        return cls(**config)

    def __repr__(self):
        # Keras 3 formats the function itself: '<LossFunctionWrapper(<function mean_squared_error at 0x...>, kwargs={})>'
        return '<LossFunctionWrapper(%s, kwargs=%s)>' % (self.fn, self._fn_kwargs)


def default_dtype():
    """``keras.backend.floatx()``, the default dtype Keras 3 gives a loss or metric made without one:
    after ``set_floatx('float64')`` a float64 model's loss and History values stay float64."""
    from ..keras.backend import floatx      # (lazy: framework.keras imports the losses)
    return floatx()
