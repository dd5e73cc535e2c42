"""TensorFlow's convention for gradients through complex values.

tapeflow's gradient rules are written as for real numbers: ``g * f'(z)``.
TensorFlow's complex rules conjugate the local derivative, ``g * conj(f'(z))``
(for a real loss that is the direction of steepest ascent, so that
``z -= lr * grad`` descends): ``tape.gradient(z * z, z)`` is ``2 * conj(z)``.
For any rule, ``conj(rule(conj(g)))`` is the TensorFlow form, so the tape
records an op whose output is complex with its rules wrapped that way
(``record``). Ops whose output is real but whose input is complex (abs, real,
imag, angle) give TensorFlow's form in their own rules, and so do the rules that
``in_tf_form`` marks (multiply, divide, square, exp, sin, cos, log): written as TF's own, they
also keep its signs of zero.
"""


def in_tf_form(vjp, complex_rule=None):
    """Declare ``complex_rule`` (``vjp`` itself without it) the rule the tape records where the op's output is
    complex: written in TensorFlow's form, ``g * conj(f'(z))`` as TF's own rule builds it. (``conj(rule(conj(g)))``
    has TF's values, but not always its signs of zero: Eigen's complex product of a zero upstream sums its
    parts' zero products to -0.0 where TF's order gives +0.0.)"""
    vjp.complex_rule = vjp if complex_rule is None else complex_rule
    return vjp


def conjugated(vjps):
    """``vjps`` with each rule turned into TensorFlow's complex form."""
    return tuple(None if vjp is None else _conjugated(vjp) for vjp in vjps)


def _conjugated(vjp):
    complex_rule = getattr(vjp, 'complex_rule', None)
    if complex_rule is not None:
        return complex_rule
    from .ops import conj             # ops import the tape, which imports this module

    def rule(g, output, *inputs):
        gx = vjp(conj(g), output, *inputs)
        return gx if gx is None or gx._data.dtype.kind != 'c' else _each_value(gx, conj)

    array_rule = getattr(vjp, 'array_rule', None)
    if array_rule is not None:
        def on_arrays(g, output, *inputs):
            gx = array_rule(g.conj() if g.dtype.kind == 'c' else g, output, *inputs)
            return gx if gx is None or gx.dtype.kind != 'c' else _each_value(gx, lambda a: a.conj())
        rule.array_rule = on_arrays
    return rule


def _each_value(gx, fn):
    """fn of a dense gradient, or of the rows of a gather's (RowGradients: its indices stay)."""
    from .indexed_slices import RowGradients
    if type(gx) is RowGradients:
        return RowGradients(fn(gx.values), gx.indices, gx.shape, gx.shape_dtype)
    return fn(gx)
