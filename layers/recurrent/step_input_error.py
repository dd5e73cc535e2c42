"""The error Keras 3 on TF 2.21 raises when a built recurrent layer meets steps of another feature size.

Keras runs its cell on each step, whose first op is ``matmul(step, kernel)``: MatMul refuses the step
('Matrix size-incompatible: In[0]: [1,5], In[1]: [3,16]', oneDNN's kernel where TF runs it), and Keras
words it as the cell's call (innermost call only), with the step and the initial states it received.
tapeflow projects the whole sequence before its loop; its refusal is turned into that error here.
Initial states of another width fail the same way one op later, at ``matmul(h, recurrent_kernel)``
(``state_width_error``), where tapeflow checks the states' shapes before its loop.
"""
from framework import onednn_policy
from framework.errors import kernel_error

from .traced_step_width import traced_step_refusal

# Keras names the step argument of SimpleRNNCell.call 'sequence', of the other cells 'inputs'
_STEP_ARGUMENT = {'SimpleRNNCell': 'sequence'}
_ONEDNN_DTYPES = ('float32', 'float16', 'bfloat16')


def step_input_error(layer, cell, sequences, states, training):
    """The cell-call error for ``sequences`` (given to ``layer``, of ``cell``) whose last axis does not fit
    the cell's kernel, else None."""
    kernel = getattr(cell, 'kernel', None)
    if kernel is None or len(kernel.shape) != 2 or sequences.ndim != 3 or sequences.shape[-1] == kernel.shape[0]:
        return None
    step = (sequences.shape[0], sequences.shape[-1])
    traced = traced_step_refusal(layer, cell, sequences, kernel, training)
    if traced is not None:          # a graph trace: shape inference refuses the node, on the traced batch
        refused, batch = traced
        step, state_shapes = (batch, step[1]), [(batch,) + tuple(s.shape[1:]) for s in states]
        error = _cell_call_error(cell, refused, step, sequences, states, training, state_shapes)
    else:
        mkl = kernel.dtype.name in _ONEDNN_DTYPES and onednn_policy.enabled()
        refused = kernel_error('MatMul', 'Matrix size-incompatible: In[0]: [%d,%d], In[1]: [%d,%d]'
                               % (step + tuple(kernel.shape)), named=True, node='__MklMatMul' if mkl else None)
        error = _cell_call_error(cell, refused, step, sequences, states, training)
    error.add_note('raised in call() of layer "%s": it was built for steps of %d features, and got %d (input shape '
                   '%s)' % (layer.name, kernel.shape[0], sequences.shape[-1], tuple(sequences.shape)))
    return error


def step_type_error(layer, cell, err, sequences, states, training):
    """``err``, raised projecting a sequence of strings, as the cell's call words it (Keras's type promotion
    refuses the step in the cell's first op); else None."""
    if sequences.ndim != 3 or sequences._data.dtype.kind not in 'OSU':
        return None
    error = _cell_call_error(cell, err, (sequences.shape[0], sequences.shape[-1]), sequences, states, training)
    for note in getattr(err, '__notes__', ()):
        error.add_note(note)
    error.add_note('raised in call() of layer "%s": it takes numbers, got a sequence of strings' % layer.name)
    return error


def conv_step_error(layer, cell, err, sequences, states, training):
    """``err``, a kernel's refusal of the step of a convolutional cell (a ConvLSTM1D of int32 or bool
    sequences: Conv2D's dtype error), worded as Keras 3 on TF 2.21 words its ConvLSTMCell's call, with the
    step (batch, *spatial, channels) and the initial states; else None."""
    kernel = getattr(cell, 'kernel', None)
    if kernel is None or len(kernel.shape) < 3 or sequences.ndim != len(kernel.shape) + 1:
        return None
    step, state_shapes = (sequences.shape[0],) + tuple(sequences.shape[2:]), [tuple(s.shape) for s in states]
    if getattr(cell, 'data_format', None) == 'channels_first':      # (the layer runs channels_last: Keras's
        step, state_shapes = _channels_first(step), [_channels_first(s) for s in state_shapes]     # cell does not)
    error = _cell_call_error(cell, err, step, sequences, states, training, state_shapes)
    for note in getattr(err, '__notes__', ()):
        error.add_note(note)
    error.add_note('raised in call() of layer "%s" (input shape %s, dtype %s)'
                   % (layer.name, tuple(sequences.shape), sequences.dtype.name))
    return error


def state_width_error(layer, cell, sequences, states, training):
    """The cell-call error for initial ``states`` whose first (h) is (batch, width) of a width other than
    the cell's units: Keras's ``matmul(h, recurrent_kernel)`` refuses it (a GRU with reset_after=False
    multiplies by the kernel's first 2 * units columns); else None (other shapes fail elsewhere)."""
    kernel = getattr(cell, 'recurrent_kernel', None)
    if kernel is None or len(kernel.shape) != 2 or sequences.ndim != 3 or not states:
        return None
    h = states[0]
    if h.ndim != 2 or h.shape[0] != sequences.shape[0] or h.shape[1] == kernel.shape[0]:
        return None
    columns = kernel.shape[1]
    if not getattr(cell, 'reset_after', True):
        columns = 2 * cell.units
    mkl = kernel.dtype.name in _ONEDNN_DTYPES and onednn_policy.enabled()
    refused = kernel_error('MatMul', 'Matrix size-incompatible: In[0]: [%d,%d], In[1]: [%d,%d]'
                           % (tuple(h.shape) + (kernel.shape[0], columns)), named=True,
                           node='__MklMatMul' if mkl else None)
    error = _cell_call_error(cell, refused, (sequences.shape[0], sequences.shape[-1]), sequences, states, training)
    error.add_note('raised in call() of layer "%s": its initial state h must be %d wide (the units), got shape %s'
                   % (layer.name, kernel.shape[0], tuple(h.shape)))
    return error


def _channels_first(shape):
    return (shape[0], shape[-1]) + tuple(shape[1:-1])


def channels_first_step_error(layer, cell, sequences, initial_state, training):
    """The refusal of a channels_first ConvLSTM1D / ConvLSTM2D step where TF 2.21 runs its own Conv2D kernel (no
    oneDNN for the kernel's dtype here: float64, or every dtype on CPUs where TF turns oneDNN off), which takes
    NHWC only: Conv2D's UnimplementedError in the cell call's words, steps and states channels first; else None."""
    from framework.errors import UnimplementedError
    from framework.ops.backprop_input_kernel import runs_onednn, why_not_onednn
    dtype = cell.kernel._data.dtype
    if cell.rank == 3 or runs_onednn(dtype) or sequences._data.dtype.kind != 'f':
        return None     # (Keras's 3-D convolution computes NCDHW in TF 2.21; integer steps fail on their dtype first)
    refused = kernel_error('Conv2D', 'The Conv2D op currently only supports the NHWC tensor format on the CPU. The '
                                     'op was given the format: NCHW', error_class=UnimplementedError,
                          # (a dilated step goes through tf.nn.convolution's slow path there: TF 2.21's text
                          # then ends at '[Op:Conv2D]', without ' name: ')
                          named=all(r == 1 for r in cell.dilation_rate))
    from .. import call_context
    if call_context.in_traced_function():       # a Keras step: TF's graph run names the node (step_graph_errors)
        return refused
    if initial_state is not None:
        states = [(tuple(s.shape), s.dtype.name) for s in initial_state]
    else:       # the zero states Keras makes: (batch, filters, *output spatial) in the layer's compute dtype
        shape = (sequences.shape[0], cell.state_shape[-1]) + tuple(cell.state_shape[:-1])
        states = [(shape, layer.compute_dtype)] * 2
    error = _worded(cell, refused, (sequences.shape[0],) + tuple(sequences.shape[2:]), sequences.dtype.name, states,
                    training)
    error.add_note("%s %r: TensorFlow's own Conv2D kernel takes no channels_first data on the CPU, and %s; use "
                   "data_format='channels_last'" % (type(layer).__name__, layer.name, why_not_onednn(dtype)))
    return error


def _cell_call_error(cell, refused, step, sequences, states, training, state_shapes=None):
    """``refused`` worded as Keras words an error of the cell's call (innermost call only); ``state_shapes``
    the states' shapes as Keras's cell sees them (default: as they are)."""
    if state_shapes is None:
        state_shapes = [tuple(s.shape) for s in states]
    return _worded(cell, refused, step, sequences.dtype.name,
                   [(shape, s.dtype.name) for shape, s in zip(state_shapes, states)], training)


def _worded(cell, refused, step, step_dtype, states, training):
    """The cell-call banner over ``refused``: the step's shape and dtype, the states' (shape, dtype) pairs."""
    name = type(cell).__name__
    shown = tuple('tf.Tensor(shape=%s, dtype=%s)' % state for state in states)
    error = type(refused)(
        'Exception encountered when calling %s.call().\n\n\x1b[1m%s\x1b[0m\n\nArguments received by %s.call():\n'
        '  \u2022 %s=tf.Tensor(shape=%s, dtype=%s)\n  \u2022 states=%s\n  \u2022 training=%s'
        % (name, refused, name, _STEP_ARGUMENT.get(name, 'inputs'), step, step_dtype, shown, training))
    error._keras_call_info_injected = True
    return error
