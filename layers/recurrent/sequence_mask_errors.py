"""An RNN's sequence without steps and masks that do not fit it, refused in TF 2.21's words.

Keras 3's TensorFlow backend (backend/tensorflow/rnn.py) never compares a mask with the sequence.
It reads the first step (``inputs[:, 0]``, a StridedSlice), unstacks the mask's steps into a
TensorArray the size of the sequence, and each step of its while_loop reads one mask step and
selects (``tf.where``) between the new and the previous output. A mask that does not fit fails
where that first goes wrong: the unstack (too many steps), the select or the loop's shape check
(another batch), a read past the TensorArray (too few steps), or the swap of its batch and time
axes (fewer than two axes). The texts below are TF's; tapeflow's sentence, which says what was
expected, rides along as a note.
"""
from framework.errors import OutOfRangeError, kernel_error


def no_steps_error(who, shape):
    """Keras reads the first step of a sequence of none: StridedSlice's text, under the layers' scopes."""
    return kernel_error('StridedSlice', 'slice index 0 of dimension 1 out of bounds.', named='strided_slice/',
                        note='%s: the sequence has no time steps (shape %s)' % (who, tuple(shape)))


def refuse_python_mask(mask):
    """Keras takes the first entry of a list mask and reads its dtype: a Python list or bool has none."""
    if isinstance(mask, list) and mask:
        first = mask[0]
        if first is not None and not hasattr(first, 'dtype'):
            raise _noted(AttributeError("'%s' object has no attribute 'dtype'" % type(first).__name__),
                         'an RNN mask is a bool tensor of shape (batch, steps): pass tf.constant(...) of the list')


def mask_shape_error(layer, mask_shape, given_shape, batch, steps, who):
    """The error TF 2.21 raises for a mask of ``mask_shape`` (``given_shape`` before a trailing axis of 1
    was dropped) over a (batch, steps, features) sequence.

    Called only for a mask that is not (batch, steps) (a (batch, steps, 1) mask is squeezed and a
    mask of one row is broadcast over the batch before, as TF's select broadcasts it). Where TF runs
    on anyway (an unrolled loop ignores extra steps and rows, a (batch, steps, n) mask selects per
    unit), tapeflow keeps refusing with its own sentence."""
    note = ('%s: the mask must have shape (batch, steps) = %s, matching the sequence; got shape %s'
            % (who, (batch, steps), tuple(given_shape)))
    if len(mask_shape) < 2:
        return _noted(IndexError('list assignment index out of range'), note)
    mask_batch, mask_steps = mask_shape[0], mask_shape[1]
    if layer.unroll:
        # the unrolled loop indexes a Python list of the mask's steps
        return _noted(IndexError('list index out of range'), note) if mask_steps < steps else ValueError(note)
    if mask_steps > steps:
        return _noted(ValueError('Cannot unstack %d tensors into a TensorArray of static size %d '
                                 % (mask_steps, steps)), note)
    units = getattr(layer.cell, 'output_size', None)
    if len(mask_shape) == 2 and mask_batch not in (batch, 1) and isinstance(units, int):
        if batch == 1:      # the select broadcasts the output to the mask's rows; the loop refuses the shape
            return _noted(ValueError('Incompatible shape for value ((%d, %d)), expected ((%d, %d))'
                                     % (mask_batch, units, batch, units)), note)
        return kernel_error('SelectV2', 'condition [%d,1], then [%d,%d], and else [%d,%d] must be broadcastable'
                            % (mask_batch, batch, units, batch, units), named=True, note=note)
    if len(mask_shape) == 3 and mask_batch == batch and mask_steps == steps and isinstance(units, int) \
            and mask_shape[2] not in (1, units):
        # each step selects with a (batch, n) condition between (batch, units) outputs
        return kernel_error('SelectV2', 'condition [%d,%d], then [%d,%d], and else [%d,%d] must be broadcastable'
                            % (batch, mask_shape[2], batch, units, batch, units), named=True, note=note)
    if mask_steps < steps:
        return _noted(OutOfRangeError(None, None, 'Tried to read from index %d but array size is: %d '
                                      % (mask_steps, mask_steps)), note)
    return ValueError(note)


def _noted(error, note):
    error.add_note(note)
    return error
