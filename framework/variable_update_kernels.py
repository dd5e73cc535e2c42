"""TensorFlow's refusal of ``assign_add`` / ``assign_sub`` on a bool or string ``tf.Variable``.

TF 2.21 converts the delta to the variable's dtype, then finds no AssignAddVariableOp (or
AssignSubVariableOp) kernel for that dtype and lists the registered ones, in an order fixed per op
(printed by /opt/tfref: notes/progs/tutorials20/variable.py). numpy would OR bools together or
concatenate strings silently. The kernel lookup precedes the kernel's shape check.
"""
from .errors import InvalidArgumentError

# the dtypes each registration takes, in the order TF lists them
_NUMBERS = ('COMPLEX128', 'COMPLEX64', 'DOUBLE', 'FLOAT', 'BFLOAT16', 'HALF', 'INT32', 'INT8', 'UINT8', 'INT16',
            'UINT16', 'UINT32', 'INT64', 'UINT64')
_XLA = ("  device='XLA_CPU_JIT'; dtype in [DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_COMPLEX64, "
        "DT_INT64, DT_BFLOAT16, DT_UINT16, DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64]")
_PER_DEVICE = ["  device='%s'; dtype in [DT_%s]" % (device, dtype) for device in ('DEFAULT', 'CPU')
               for dtype in _NUMBERS]
# AssignAdd lists its XLA kernel last, AssignSub first
_REGISTERED = {'AssignAddVariableOp': _PER_DEVICE + [_XLA], 'AssignSubVariableOp': [_XLA] + _PER_DEVICE}
_KERNEL_DTYPES = {'bool': 'BOOL', 'string': 'STRING'}


def refuse_update(variable_name, dtype_name, what, name=None):
    """The InvalidArgumentError TF raises for ``what`` ('assign_add' / 'assign_sub') on a variable of
    ``dtype_name`` ('bool' / 'string'); ``name``: the op's name, which the ' name: ' tail gives."""
    kernel = 'AssignAddVariableOp' if what == 'assign_add' else 'AssignSubVariableOp'
    error = InvalidArgumentError(
        "No OpKernel was registered to support Op '%s' used by {{node %s}} with these attrs: [dtype=DT_%s]\n"
        'Registered devices: [CPU]\nRegistered kernels:\n%s\n\n\t [[%s]] [Op:%s] name: %s'
        % (kernel, kernel, _KERNEL_DTYPES[dtype_name], '\n'.join(_REGISTERED[kernel]), kernel, kernel, name or ''))
    error.add_note('%s: a %s variable (%r) has no arithmetic in TensorFlow; use assign (for bools, e.g. '
                   'v.assign(tf.logical_or(v, delta)))' % (what, dtype_name, variable_name))
    return error
