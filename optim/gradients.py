"""Checking what ``apply_gradients`` receives, before the optimizer changes anything."""
import inspect
import warnings

import numpy as np
from numpy import ndarray

from framework import backend
from framework.errors import InvalidArgumentError, UnimplementedError, kernel_error, shown_as
from framework.none_gradients import EXPLAIN_NONE, none_gradient_reason
from framework.indexed_slices import IndexedSlices, RowGradients, conversion_without_dense_shape
from framework.tensor import Tensor
from framework.type_text import python_type_name
from framework.keras.operation_call_errors import in_call
from framework.ops.graph_input_errors import eager_input_error, input_mismatch
from framework.variable import Variable

from .gradient_shapes import accumulated_gradient, mismatched_gradient


class NotAVariableError(TypeError, AttributeError):
    """Something other than a Variable where the optimizer updates one. TensorFlow 2.21 fails on the
    missing attribute ("'EagerTensor' object has no attribute '_unique_id'", an AttributeError); the
    TypeError says what to pass."""


# Programs print type(e).__name__ and tracebacks name the class: TF 2.21 shows AttributeError there
shown_as(NotAVariableError, AttributeError)


class GradientPairError(TypeError, ValueError, AttributeError):
    """apply_gradients got something other than (gradient, variable) pairs. TensorFlow 2.21 unpacks
    them with zip(*pairs): 'too many values to unpack (expected 2)' (ValueError) for triples, or the
    missing '_unique_id' of what lands in the variable's place (AttributeError) for bare tensors."""


class PairCountError(GradientPairError):
    """Items of other than two parts: Python's unpacking error, a ValueError on TensorFlow 2.21."""


class PairVariableError(GradientPairError):
    """A non-variable in the variables' column: its missing '_unique_id', an AttributeError on TF 2.21."""


# As NotAVariableError: type(e).__name__ and the traceback's last line show TF's class (an item that
# cannot be iterated fails zip(*pairs) with a TypeError there)
for _error, _tf_class in ((GradientPairError, TypeError), (PairCountError, ValueError),
                          (PairVariableError, AttributeError)):
    shown_as(_error, _tf_class)


class StringGradientError(UnimplementedError, TypeError):
    """A string given as a gradient: TensorFlow's UnimplementedError from Cast (also the TypeError
    tapeflow raised before)."""


StringGradientError.__name__ = StringGradientError.__qualname__ = 'UnimplementedError'   # as type(e).__name__ shows


def not_a_variable(index, variable, what='apply_gradients'):
    # TF's words are Python's missing-attribute error for the object (an EagerTensor named by its module path)
    text = "'%s' object has no attribute '_unique_id'" % python_type_name(variable)
    if not isinstance(variable, Tensor):
        try:
            variable._unique_id
        except AttributeError as missing:       # Python's own words: 'numpy.ndarray', 'list', 'float'
            text = str(missing)
    error = NotAVariableError(text)
    error.add_note('%s: item %d: expected a framework.Variable to update, got %s; pass model.trainable_variables'
                   % (what, index, type(variable).__name__))
    return error


def unpacking_error(pairs, index):
    """The error TensorFlow 2.21 raises for ``pairs`` whose item ``index`` is no (gradient, variable) pair:
    Keras 3 unpacks them with ``grads, variables = zip(*pairs)`` (a tensor item is iterated by rows), so
    Python's unpacking error, or the missing '_unique_id' of the first non-variable among the 'variables'."""
    note = ('apply_gradients: expected (gradient, variable) pairs, e.g. zip(grads, model.trainable_variables); '
            'item %d is %r' % (index, pairs[index]))
    try:
        columns = list(zip(*pairs))
    except TypeError as refused:    # an item that cannot be iterated at all: its own words, as zip's on TF 2.21
        error = GradientPairError(str(refused))     # ("'float' object is not iterable", a scalar tensor's)
        error.add_note(note)
        return error
    if len(columns) != 2:
        text = ('too many values to unpack (expected 2)' if len(columns) > 2
                else 'not enough values to unpack (expected 2, got %d)' % len(columns))
        kind = PairCountError
    else:
        strays = [v for v in (columns[1] if columns else ()) if not isinstance(v, Variable)]
        text = str(not_a_variable(index, strays[0])) if strays else None
        kind = PairVariableError
    if text is None:
        return GradientPairError(note)
    error = kind(text)
    error.add_note(note)
    return error


def checked_gradient(index, grad, variable, optimizer=None):
    """``grad`` as a raw array of ``variable``'s dtype (None stays None).

    Raises:
        TypeError: ``variable`` is not a floating-point Variable, or ``grad`` is
            neither a Tensor, an IndexedSlices (given back as RowGradients) nor an array.
        InvalidArgumentError (a ValueError): ``grad`` has another shape than ``variable``, which
            ``optimizer`` (plain SGD when None) cannot broadcast as TF 2.21 does (see gradient_shapes).
        ValueError: ``grad`` lives on another device than ``variable``.
    """
    if not isinstance(variable, Variable):
        raise not_a_variable(index, variable)
    if grad is None:
        # before the dtype test: a tape gives an integer variable no gradient, and Keras 3 skips such
        # pairs ('No gradients provided for any variable.' when none is left), as for a float variable
        return None
    if variable._data.dtype.kind not in 'fc' and variable._data.dtype.name != 'bfloat16':
        # TensorFlow's class: its update kernel refuses the float learning rate times an integer gradient
        # ('cannot compute Mul as input #1(zero-based) was expected to be a int32 tensor but is a float tensor')
        raise InvalidArgumentError('apply_gradients: variable %r has dtype %s; only floating-point variables can '
                                   'be trained' % (variable.path, variable.dtype.name))
    if isinstance(grad, (IndexedSlices, RowGradients)):
        return _checked_rows(grad, variable, optimizer)
    if isinstance(grad, Tensor):
        data = grad._data
    elif isinstance(grad, (np.ndarray, np.generic)):
        # host numbers, not a tensor on some device: Keras converts them on the variable's device
        data = grad if type(variable._data) is np.ndarray else backend.array_module(variable._data).asarray(grad)
    elif backend.is_device_array(grad):
        data = grad
    elif isinstance(grad, (list, tuple, float, int)) and not isinstance(grad, bool) and _numbers(grad):
        # Keras converts a Python gradient ([0.1, 0.2]) to a tensor, on the variable's device
        data = backend.array_module(variable._data).asarray(grad, dtype=variable._data.dtype)
    elif isinstance(grad, (str, bytes)):       # TF casts it to the variable's dtype: its kernel refuses strings
        # (the hint is a note: TF's message ends at 'name: ', and str(e) shows the message only)
        error = StringGradientError('{{function_node __wrapped__Cast_device_/job:localhost/replica:0/task:0/device:'
                                    'CPU:0}} Cast string to %s is not supported [Op:Cast] name: '
                                    % {'f': 'float', 'c': 'complex'}.get(variable._data.dtype.kind, 'float'))
        error.add_note('apply_gradients: the gradient for variable %r is the string %r; pass a Tensor or an array'
                       % (variable.path, grad))
        raise error
    else:
        raise TypeError('apply_gradients: the gradient for variable %r must be a Tensor or an array, '
                        'got %s (an IndexedSlices works too)' % (variable.path, type(grad).__name__))
    if data.shape != variable._data.shape:        # tuples for numpy and cupy alike
        # TF 2.21 trains with a gradient that broadcasts onto the variable (Adam, RMSprop, ...), or fails in
        # the optimizer's first op (plain SGD's AssignSubVariableOp): its text, or the broadcast gradient
        steps = getattr(optimizer, 'gradient_accumulation_steps', None)
        if steps:
            updating = (optimizer._iteration_count() + 1) % steps == 0
            try:
                data = accumulated_gradient(data, variable, optimizer, updating)
            except ValueError as error:       # (InvalidArgumentError too): raised inside Keras's ops.cond
                raise in_call(error, 'Cond', _cond_arguments()) from None
        else:
            broadcast = mismatched_gradient(data, variable, optimizer)
            if _clips_norms(optimizer) and broadcast.shape != data.shape:
                # TF 2.21 clips the gradient as given (the norm of its own elements) and broadcasts it only in
                # the update: the optimizer broadcasts after clipping (Optimizer._update)
                optimizer._recast_gradients = True
            else:
                data = broadcast
    if backend.is_device_array(data) != backend.is_device_array(variable._data):
        raise ValueError('apply_gradients: the gradient for variable %r is on %s but the variable is on '
                         '%s; compute both on one device'
                         % (variable.path, backend.device_name(data), variable.device))
    if data.dtype.kind in 'OSU':        # a string tensor: Keras casts it to the variable's dtype, TF's Cast refuses
        error = StringGradientError('{{function_node __wrapped__Cast_device_/job:localhost/replica:0/task:0/device:'
                                    'CPU:0}} Cast string to %s is not supported [Op:Cast] name: '
                                    % {'f': 'float', 'c': 'complex'}.get(variable._data.dtype.kind, 'float'))
        error.add_note('apply_gradients: the gradient for variable %r holds strings; pass numbers' % (variable.path,))
        raise error
    if data.dtype == variable.dtype:
        return data
    if optimizer is not None and _floating(data.dtype) and _floating(variable._data.dtype):
        # Keras 3 unscales, accumulates and clips a gradient in its own dtype and casts it to the variable's
        # only in update_step: a float32 gradient of a float16 variable is clipped in float32, where its
        # norm does not overflow. The optimizer casts after clipping (Optimizer._update).
        optimizer._recast_gradients = True
        return data
    return data.astype(variable.dtype)


def fitted_gradient(grad, variable):
    """A gradient checked_gradient kept in its own dtype or shape for clipping, cast and broadcast to
    ``variable``'s (rows stay as they are: they already hold the variable's dtype and row shape)."""
    if type(grad) is RowGradients:
        return grad
    data = variable._data
    if grad.shape != data.shape:
        grad = backend.broadcast_copy(grad, data.shape)
    return grad if grad.dtype == data.dtype else grad.astype(data.dtype)


def _clips_norms(optimizer):
    """Whether ``optimizer`` clips by a norm, which depends on the gradient's own shape (Adafactor excepted:
    its broadcast is part of its shape checks)."""
    if optimizer is None or type(optimizer).__name__ == 'Adafactor':
        return False
    return bool(optimizer.clipnorm and optimizer.clipnorm > 0 or optimizer.global_clipnorm and optimizer.global_clipnorm > 0)


def _floating(dtype):
    return dtype.kind == 'f' or dtype.name == 'bfloat16'


def _checked_rows(grad, variable, optimizer=None):
    """An IndexedSlices (or rows already checked) as RowGradients of raw arrays in the variable's dtype.

    Raises:
        ValueError: a dense shape other than the variable's, indices outside its rows,
            or rows on another device than the variable.
    """
    shape_dtype = 'int32'
    if isinstance(grad, IndexedSlices):
        values, indices = grad.values._data, grad.indices._data
        shape = tuple(grad.shape.as_list()) if grad.dense_shape is not None else None
        if shape is None:
            shape_dtype = None      # (RowGradients.dense refuses them as TensorFlow does)
            _refuse_accumulating_shapeless(grad, optimizer)
    else:
        values, indices, shape, shape_dtype = grad.values, grad.indices, grad.shape, grad.shape_dtype
    target = tuple(variable._data.shape)
    if shape is not None and shape != target or tuple(values.shape[1:]) != target[1:]:
        raise ValueError('apply_gradients: the IndexedSlices gradient for variable %r has dense shape %s and '
                         'rows of shape %s, but the variable has shape %s'
                         % (variable.path, shape, tuple(values.shape[1:]), target))
    if indices.size and (int(indices.min()) < 0 or int(indices.max()) >= target[0]):
        raise _rows_outside(indices, target[0], variable, optimizer)
    if backend.is_device_array(values) != backend.is_device_array(variable._data):
        raise ValueError('apply_gradients: the gradient for variable %r is on %s but the variable is on %s; '
                         'compute both on one device' % (variable.path, backend.device_name(values), variable.device))
    if values.dtype != variable._data.dtype:
        values = values.astype(variable._data.dtype)
    return RowGradients(values, indices, target, shape_dtype)


def _refuse_accumulating_shapeless(grad, optimizer):
    """An optimizer accumulating gradients (``gradient_accumulation_steps``) adds an IndexedSlices without a
    dense_shape to its dense accumulator, or to the update's sum, in a branch of Keras 3's ops.cond: TF 2.21
    refuses its conversion, worded by the Cond operation. Where the optimizer first divides by its
    loss_scale_factor, that division's TypeError comes first (Optimizer.apply)."""
    if getattr(optimizer, 'gradient_accumulation_steps', None) and getattr(optimizer, 'loss_scale_factor', None) is None:
        raise in_call(conversion_without_dense_shape(grad), 'Cond', _cond_arguments())


def _rows_outside(indices, rows, variable, optimizer):
    """The error of the first TF 2.21 kernel that reads the rows of an IndexedSlices gradient with an index
    outside the variable: plain SGD scatters it (ResourceScatterSub), Adagrad scatters its square
    (ResourceScatterAdd), the others densify it first (UnsortedSegmentSum); each names the first bad index."""
    flat = np.asarray(backend.to_host(indices)).reshape(-1)
    position = int(np.flatnonzero((flat < 0) | (flat >= rows))[0])
    names = {kind.__name__ for kind in type(optimizer).__mro__} if optimizer is not None else {'SGD'}
    accumulates = getattr(optimizer, 'gradient_accumulation_steps', None)
    if 'SGD' in names and not getattr(optimizer, 'momentum', 0) and not accumulates:
        kernel, text = 'ResourceScatterSub', 'indices[%d] = %d is not in [0, %d)'
    elif 'Adagrad' in names and not accumulates:
        kernel, text = 'ResourceScatterAdd', 'indices[%d] = %d is not in [0, %d)'
    else:
        kernel, text = 'UnsortedSegmentSum', 'segment_ids[%d] = %d is out of range [0, %d)'
    return kernel_error(kernel, text % (position, int(flat[position]), rows), named=True,
                        note='apply_gradients: the IndexedSlices gradient for variable %r has indices in [%d, %d], '
                             'outside the variable\'s %d rows' % (variable.path, int(flat.min()), int(flat.max()), rows))


def present_gradients(grads, variables, optimizer=None):
    """The (gradients, variables) whose gradient is not None, checked first, in order.

    Warns naming the variables without a gradient, as Keras 3 does.
    Raises:
        ValueError: when no variable has a gradient; the errors of ``checked_gradient``.
    """
    arrays, kept, missing = [], [], []        # one loop (every training step runs it)
    for i, (g, v) in enumerate(zip(grads, variables)):
        if type(g) is Tensor and type(v) is Variable:
            # The usual pair (a tape's gradient for a host variable), taken without checked_gradient's call
            array, value = g._data, v._data
            if type(array) is ndarray and type(value) is ndarray and array.shape == value.shape \
                    and array.dtype is (dtype := value.dtype) and dtype.kind in 'fc':
                arrays.append(array)
                kept.append(v)
                continue
        try:
            array = checked_gradient(i, g, v, optimizer)
        except Exception:
            unknown_variables_first(optimizer, variables)
            _built_before_refusing(optimizer, variables)
            raise
        if array is None:
            missing.append(v)
        else:
            arrays.append(array)
            kept.append(v)
    if not kept:
        unknown_variables_first(optimizer, variables)
        _built_before_refusing(optimizer, variables)
        error = ValueError('No gradients provided for any variable.')      # Keras 3's words; why, in a note
        error.add_note('Variables without a gradient: %s.%s Check that the loss depends on the variables and '
                       'was computed inside the GradientTape' % ([v.path for v in variables], _reasons(missing)))
        raise error
    if missing:
        # Keras 3's apply builds the optimizer and refuses unknown variables before it filters the empty
        # gradients: a build that fails (Adafactor's slot scope in a tf.function) or an unknown variable
        # raises without the warning (TF 2.21)
        unknown_variables_first(optimizer, variables)
        _built_before_refusing(optimizer, variables)
        # Attributed to this line, as Keras 3 attributes it to its own base_optimizer.py: Python's default
        # filter then shows each text once per process, as under TF, not once per user call site. (Python
        # prints the call's first line as its source line, '  warnings.warn(' in both.)
        _warn_as_traced('Gradients do not exist for variables %s when minimizing the loss. If using '
                        '`model.compile()`, did you forget to provide a `loss` argument?%s'
                        % ([_keras_name(v) for v in missing], _reasons(missing) if EXPLAIN_NONE[0] else ''))
    return arrays, kept


def _warn_as_traced(text):
    """Keras 3 warns from Python, which TensorFlow runs only while tracing: a tf.function's replayed
    calls do not warn, and a first call that makes variables (the optimizer's slots) warns twice, once
    per trace (TF 2.21, warnings.simplefilter('always'): 2 warnings over 8 calls); eager calls warn
    each time."""
    from framework import function_init
    from framework.function import _THREAD      # (framework.function, the attribute, is tf.function)
    if getattr(_THREAD, 'muted', 0):
        return
    _warn(text)
    if not function_init._ONCE[0]:
        for context in function_init.OPEN:
            context.on_retrace.append(lambda: _warn(text))


def _warn(text):
    # One line for both traces: Python's default filter then shows the text once per process, as
    # under TF (Keras attributes it to its own base_optimizer.py line)
    warnings.warn(text)


def _built_before_refusing(optimizer, variables):
    """Keras 3's apply builds the optimizer on the variables before it filters the empty gradients or reads
    one: TF 2.21's optimizer is built (its slots made) though it then refuses the gradients (none at all, one
    of another shape, a string), and later refuses other variables as unknown. The variables and the step
    count stay as they were. (A non-variable fails TF's build itself: nothing is built then.)"""
    if optimizer is not None and not getattr(optimizer, 'built', True) and \
            all(isinstance(v, Variable) for v in variables):
        optimizer.build_in_scope(variables)


def unknown_variables_first(optimizer, variables):
    """Keras 3 refuses a variable its built optimizer does not know before it reads a gradient, so an
    unknown variable is named even where a gradient is also wrong (of another shape, a string, None):
    'Unknown variable: <tf.Variable ...>. This optimizer can only be called for the variables it was
    originally built with. ...' (TF 2.21). Asked only on the failure paths (and before a traced first step)."""
    check = getattr(optimizer, '_check_variables_are_known', None)
    if check is not None and getattr(optimizer, 'built', False):
        check([v for v in variables if isinstance(v, Variable)])


def _keras_name(variable):
    """How Keras 3 names a variable in that warning: its path, or a tf.Variable's name ('u:0'),
    since a tf.Variable has no path there."""
    return variable.path if variable._path is not None else variable.name


def _reasons(variables):
    """What the tape recorded about why each variable got no gradient, when it knows."""
    known = [(v.path, none_gradient_reason(v)) for v in variables]
    return ''.join(' %s: %s.' % (path, why) for path, why in known if why)


def _numbers(value):
    """Whether a Python gradient holds only numbers (nested lists of them): strings stay refused."""
    if isinstance(value, (int, float)):
        return True
    try:
        return np.asarray(value).dtype.kind in 'iuf'
    except ValueError:          # ragged nested lists
        return False


def check_accumulable(grads, accumulators):
    """Keras 3 adds each gradient to its accumulator (of the variable's dtype) with TF's AddV2, which
    refuses two dtypes: its error, before any accumulator changes.

    Raises:
        InvalidArgumentError: a gradient whose dtype is not its accumulator's.
    """
    for grad, accumulator in zip(grads, accumulators):
        if grad.dtype != accumulator.dtype:
            # (eagerly the kernel's InvalidArgumentError, in a trace op_def_library's TypeError)
            error = input_mismatch(eager_input_error('AddV2', 1, accumulator.dtype, grad.dtype), 'AddV2', 1,
                                   accumulator.dtype, grad.dtype)
            worded = in_call(error, 'Cond', _cond_arguments())
            worded.add_note('apply_gradients with gradient_accumulation_steps: a %s gradient for a %s variable; '
                            'cast the gradients to their variables\' dtypes first'
                            % (grad.dtype.name, accumulator.dtype.name))
            raise worded


def _cond_arguments():
    """What Keras 3's Cond operation lists under 'Arguments received by Cond.call():' for the
    accumulation step's ops.cond(pred, update_fn, accumulate_fn): its positional arguments as text
    (the predicate tensor, the two branch lambdas of BaseOptimizer._backend_apply_gradients) and an
    unset kwargs."""
    branches = (lambda: None, lambda: None)
    for branch in branches:
        branch.__qualname__ = 'BaseOptimizer._backend_apply_gradients.<locals>.<lambda>'
    return [('args', ('tf.Tensor(shape=(), dtype=bool)',) + tuple(repr(branch) for branch in branches)),
            ('kwargs', inspect.Parameter.empty)]
