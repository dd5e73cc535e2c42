"""A Keras sigmoid output that a traced binary cross-entropy scores from its logits, and that something else
reads too: where the Sigmoid's gradient joins the logits' AddN.

Keras's binary cross-entropy of a sigmoid output reads the logits (``_keras_logits``), so in a traced step
the logits' gradient is an AddN of the loss's four terms (sigmoid_xent_graph.py) and, where the output
itself is read again (a penalty on the predictions in compute_loss, another layer), the Sigmoid's
``SigmoidGrad``. Grappler sorts the AddN's inputs by node name: 'gradient_tape/<model>/<layer>/Sigmoid/
SigmoidGrad' against 'gradient_tape/compile_loss/binary_crossentropy/logistic_loss/...'. A model named
'functional' or 'sequential' adds the Sigmoid's last (as tapeflow's sweep did), one whose graph name sorts
before the loss's scope ('cl', 'autoencoder') first: ((((s + neg) + select) + select_3) + mul). Measured on
TF 2.21 (notes progs/modelfuzz21/r5.py): a fit of Dense(1, 'sigmoid') with 0.05 * mean(square(y_pred))
added in compute_loss trained an ulp off TF from its first step for models named 'aa', 'cl',
'compile_lorry' and equal for 'compile_lossy', 'functional', 'zz'.

The loss's node is swept first (it was recorded later), so its rule cannot see the Sigmoid's gradient.
Where the output already has a gradient when the rule runs (its later readers, a penalty in compute_loss,
were swept), the Sigmoid's node will add one to the logits: the rule then returns the four terms' sum as
an ``OpenSum``, which the array sweep's ``prev + gx`` adds with the Sigmoid's gradient put first, giving a
plain array. Else (no other reader, or one swept later) the rule returns the plain sum as before: an
OpenSum must not reach other rules, whose kernels take only plain arrays (eigen_sum's type tests).
"""
import sys

import numpy as np

from .. import graph_random_ops, name_scopes, trace_names

_KEY = ('sigmoid_reader_first',)      # the trace's decisions, in its GraphRandomState's trace_values


def sigmoid_sorts_first(y_pred):
    """Whether the SigmoidGrad of the traced sigmoid output ``y_pred`` sorts before the loss's terms, whose
    scope is the one open now (the loss's ops sit in its 'logistic_loss' scope). The names exist while the
    step traces; a replayed call (no names: TF runs its graph) repeats the trace's decision, where the
    trace's sigmoid outputs all decided alike."""
    state = graph_random_ops.current()
    if state is None:
        return False
    entry = trace_names.entry_of(y_pred)
    if entry is None:
        return state.trace_values.get(_KEY) == {True}
    first = entry[0].endswith('/Sigmoid') and entry[0] + '/SigmoidGrad' < name_scopes.current() + 'logistic_loss/'
    state.trace_values.setdefault(_KEY, set()).add(first)
    return first


class OpenSum(np.ndarray):
    """A gradient summed from ``terms`` in order, that another array added to it joins first."""

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        terms = getattr(self, 'terms', None)
        if terms is not None and ufunc is np.add and method == '__call__' and len(inputs) == 2 and not kwargs:
            other = inputs[1] if inputs[0] is self else inputs[0]
            if type(other) is np.ndarray and other.shape == self.shape and other.dtype == self.dtype:
                total = other
                for term in terms:
                    total = total + term
                return total
        inputs = tuple(x.view(np.ndarray) if isinstance(x, OpenSum) else x for x in inputs)
        if 'out' in kwargs:
            kwargs['out'] = tuple(x.view(np.ndarray) if isinstance(x, OpenSum) else x for x in kwargs['out'])
        return getattr(ufunc, method)(*inputs, **kwargs)


def open_sum(terms):
    """The sum ((t0 + t1) + t2) ... of the arrays ``terms``, as an OpenSum that keeps them."""
    total = terms[0]
    for term in terms[1:]:
        total = total + term
    total = total.view(OpenSum)
    total.terms = terms
    return total


def joined_vjp(logits_grad, terms_of, output):
    """The logits' vjp: ``logits_grad`` (a sweep another tape records adds the Sigmoid's gradient after the
    four terms), and as its array rule ``terms_of(g, y, labels, logits)``'s sum, an OpenSum where the array
    sweep already holds a gradient of the sigmoid ``output`` (found in the sweep's frame: a rule sees only
    its own node)."""
    output_id = id(output)

    def rule(g, y, labels, logits):
        terms = terms_of(g, y, labels, logits)
        caller = sys._getframe(1)
        if (type(terms[0]) is np.ndarray and caller.f_code.co_name == 'sweep_arrays'
                and output_id in caller.f_locals.get('grads', ())):
            return open_sum(terms)
        return ((terms[0] + terms[1]) + terms[2]) + terms[3]

    def vjp(g, y, labels, logits):
        return logits_grad(g, y, labels, logits)
    vjp.array_rule = rule
    return vjp
