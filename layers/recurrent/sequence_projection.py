"""A recurrent layer's input projection ``x @ kernel (+ bias)`` over the whole sequence, with the
kernel's gradient summed as TensorFlow's loop sums it.

tapeflow projects a (batch, steps, features) sequence in one matmul before its step loop (rnn.py).
Keras on TensorFlow multiplies each step's input inside its ``while_loop``, so the kernel's gradient
is one ``x_t^T @ g_t`` product per step (depth: the batch), added up from the last step of the loop
back to the first (the tape's AddN of the reads' gradients in backprop order; the same in a graph's
backward loop). One product over batch * steps rows adds the same terms in another order: measured
on TF 2.21, an LSTM(4) over 6 steps differed in its kernel gradient's last bits (probe in
tests/test_tutorials5_parity_rnn_gradients.py), and the time-series tutorial's LSTM weights drifted.
An input bias (SimpleRNN, GRU) takes each step's column sum the same way, in BiasAddGrad's order
(``_bias_rule``).
The values and the inputs' gradient are the one matmul's: each row's products are the same.
"""
from framework.ops.bias_add_kernel import bias_add_grad, bias_grad_sum
from framework.ops.linalg import _affine_input_grad, _affine_input_grad_array, _kernel_product, affine_array
from framework.ops.operands import ACTIVE, record
from framework.ops import add, matmul, reduce_sum
from framework.ops.reductions import _sum
from framework.tape import array_rule
from framework.tensor import Tensor


def sequence_projection(inputs, kernel, bias, backwards):
    """``inputs @ kernel + bias`` for (batch, steps, features) ``inputs`` whose steps a loop visits
    in order (last first when ``backwards``)."""
    tensors, y = affine_array(inputs, kernel, bias, 'affine')
    out = Tensor(y)
    if ACTIVE:
        order = range(y.shape[1]) if backwards else range(y.shape[1] - 1, -1, -1)     # the loop's, reversed
        rules = (array_rule(_affine_input_grad, _affine_input_grad_array),
                 array_rule(lambda g, y, x, k, *b: _stepwise(lambda t: matmul(x[:, t], g[:, t], transpose_a=True),
                                                              order, add),
                            lambda g, y, x, k, *b: _stepwise(lambda t: _kernel_product(x[:, t].T, g[:, t]),
                                                             order, _plus)),
                 _bias_rule(y.shape[-1], y.dtype, order))
        record('affine', tensors, out, rules[:len(tensors)])
    return out


def _bias_rule(units, dtype, order):
    """The input bias's gradient, one column sum per step. Keras's cells add it with ``ops.add``,
    which TF's backend turns into ``tf.nn.bias_add`` for a bias of more than one value: each step's
    sum is then BiasAddGrad's (row after row; measured on SimpleRNN and GRU, TF 2.21); a bias of one
    value stays an AddV2, whose gradient is reduce_sum's."""
    if units > 1 and dtype.kind == 'f':
        return array_rule(lambda g, y, x, k, b: _stepwise(lambda t: bias_add_grad(g[:, t]), order, add),
                          lambda g, y, x, k, b: _stepwise(lambda t: bias_grad_sum(g[:, t]), order, _plus))
    return array_rule(lambda g, y, x, k, b: _stepwise(lambda t: reduce_sum(g[:, t], 0), order, add),
                      lambda g, y, x, k, b: _stepwise(lambda t: _sum(g[:, t], (0,), False), order, _plus))


def _stepwise(term, order, plus):
    total = None
    for t in order:
        total = term(t) if total is None else plus(total, term(t))
    return total


def _plus(a, b):
    return a + b
