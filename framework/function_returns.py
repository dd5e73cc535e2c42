"""Whether a traced function returns a value: TensorFlow's graph optimizer treats the two apart.

A ``tf.function`` whose Python returns None has no outputs; grappler then leaves out its
constant folding's ConstantPushDown (``Add(Sub(x, y), C)`` into ``x + (C - y)``, ``Mul(C1, Mul(x,
C2))`` into ``x * (C1 * C2)``), while its other rewrites (``x / C`` into ``x * (1 / C)``, ConvertPow,
MinimizeBroadcasts) still run (TF 2.21: a CosineDecay's angle, centered RMSprop's denominator, a
PolynomialDecay(power=3)). Keras's compiled steps return their logs.
"""
import dis

_RETURNS = {'RETURN_VALUE', 'RETURN_CONST'}


def returns_value(function):
    """Whether ``function``'s code can return something other than None (True when it cannot be read:
    a callable object, a builtin)."""
    code = getattr(getattr(function, '__func__', function), '__code__', None)
    if code is None:
        return True
    previous = None
    for instruction in dis.get_instructions(code):
        if instruction.opname == 'RETURN_CONST':
            if instruction.argval is not None:
                return True
        elif instruction.opname == 'RETURN_VALUE':
            if previous is None or previous.opname != 'LOAD_CONST' or previous.argval is not None:
                return True
        previous = instruction
    return False
