"""tf.signal.frame's arguments read as TF 2.21's Python reads them (signal/shape_ops.frame), so a bad
one fails with the same error, in the same order, as there: the signal's rank, the scalars' ranks, the
axis (an index into a Python list of the signal's sizes), then the kernels frame's arithmetic meets.

A zero ``frame_length`` is no error there (empty frames), nor a negative ``frame_step`` that leaves no
frame; keras.ops.extract_sequences is frame on the last axis, so it reads its arguments the same way.
"""
from ..errors import kernel_error, noted
from .graph_input_errors import eager_input_error
from .signal_argument_checks import rank_at_least, scalar_tensor


def frame_arguments(t, frame_length, frame_step, pad_end, axis, op):
    """``(length, step, axis)`` as ints for signal ``t``, or TF's error for them."""
    rank_at_least(t, 1, op, 'signal')
    length, step = scalar_tensor(frame_length, op, 'frame_length'), scalar_tensor(frame_step, op, 'frame_step')
    axis = int(scalar_tensor(axis, op, 'axis').numpy())
    if not -t.ndim <= axis < t.ndim:
        # _infer_frame_shape reads signal.shape.as_list()[axis]
        raise noted(IndexError('list index out of range'),
                    '%s: axis %d is out of range for a signal of shape %s' % (op, axis, tuple(t.shape)))
    if length.dtype != step.dtype:
        # the frame count's arithmetic: 1 + (samples - frame_length) // frame_step, or with pad_end
        # frame_length + frame_step * (frames - 1), the length's dtype meeting the step's
        raise eager_input_error('AddV2' if pad_end else 'FloorDiv', 1, length.dtype, step.dtype)
    if not length.dtype.is_integer:
        raise ValueError('%s: frame_length and frame_step must be integers, got %s and %s'
                         % (op, length.dtype.name, step.dtype.name))
    length, step = int(length.numpy()), int(step.numpy())
    if step == 0:
        raise kernel_error('FloorDiv', 'Integer division by zero', named=True,
                           note='%s: frame_step must be >= 1, got 0' % op)
    count = -(-t.shape[axis] // step) if pad_end else max(0, 1 + (t.shape[axis] - length) // step)
    if step < 0 and count > 0 or step < 0 and pad_end:
        raise ValueError('%s: frame_step must be >= 1, got %d' % (op, step))
    if length < 0:
        # range(frame_length // gcd(frame_length, frame_step)), the subframes of one frame
        raise kernel_error('Range', 'Requires start <= limit when delta > 0: 0/%d' % (length // _gcd(length, step)),
                           named=True, note='%s: frame_length must be >= 0, got %d' % (op, length))
    return length, step, axis % t.ndim


def _gcd(a, b):
    # TF's util_ops.gcd: Euclid with floor modulo, whose sign can differ from math.gcd's
    while b != 0:
        a, b = b, a % b
    return a
