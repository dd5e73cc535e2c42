"""Checking a restore's values against their variables before any is assigned, in TF 2.21's words.

TensorFlow restores one object's values with one RestoreV2 kernel: the kernel reads
every tensor first and refuses them all if any has another dtype than its variable
(an InvalidArgumentError listing each such key, in key order); the variables then
take their values in key order and the first whose shape does not fit raises a
ValueError, after those before it were assigned. Here nothing is assigned until
every value has passed both checks, so a refused restore changes no variable;
the error raised is the one TensorFlow raises.
"""
from .. import dtypes, errors

# TF's C names (DataTypeString) where they differ from the Python ones.
_C_NAMES = {'float32': 'float', 'float64': 'double', 'float16': 'half'}

# Checkpoint.restore creates save_counter after reading the file, and TF restores it with a
# RestoreV2 of its own: it is not one of the tensors the other values' kernel reads.
_OWN_KERNEL = 'save_counter/'


def _c_name(name):
    return _C_NAMES.get(name, name)


def _dtype_name(variable):
    return dtypes.as_dtype(variable.dtype).name     # a Keras weight's dtype is a string, a tf.Variable's a DType


def check_restorable(pairs):
    """Raise TF's error for the first problem of ``pairs`` (checkpoint key, variable, value).

    Raises:
        InvalidArgumentError: values whose dtype differs from their variable's (RestoreV2's text).
        ValueError: a value whose shape differs from its variable's.
    """
    pairs = sorted(pairs, key=lambda p: p[0])
    wrong = [(key, variable, value) for key, variable, value in pairs
             if dtypes.of_numpy(value.dtype).name != _dtype_name(variable)]
    if wrong:
        count = sum(1 for key, _, _ in pairs if not key.startswith(_OWN_KERNEL))
        lines = '\n'.join('tensor_name = %s; expected dtype %s does not equal original dtype %s'
                          % (key, _c_name(_dtype_name(variable)), _c_name(dtypes.of_numpy(value.dtype).name))
                          for key, variable, value in wrong)
        key, variable, value = wrong[0]
        raise errors.kernel_error('RestoreV2', lines, node='RestoreV2_dtypes_%d' % count, note=(
            'Checkpoint.restore: %s holds %s but variable %s is %s; create the variable with the saved dtype.'
            % (key, dtypes.of_numpy(value.dtype).name, variable.path, _dtype_name(variable))))
    for key, variable, value in pairs:
        shape = tuple(variable.shape.as_list())
        if tuple(value.shape) != shape:
            raise _shape_error(key, variable, value, shape)


def _shape_error(key, variable, value, shape):
    """Made in a frame of its own: an error held in a local of the raising frame is a reference
    cycle (frame, error, traceback) that keeps the restore alive until the garbage collector runs,
    so TF's unrestored-values warning, logged when the restore is freed, would come late."""
    # TF names the variable it holds: a Keras 3 weight's is its path ('sequential/dense/kernel:0')
    error = ValueError('Received incompatible tensor with shape %s when attempting to restore variable '
                       'with shape %s and name %s:0.' % (tuple(value.shape), shape, variable.path))
    error.add_note('Checkpoint key %s: the program must build the variable with the saved shape.' % key)
    return error
