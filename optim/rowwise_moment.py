"""The shared step shape of the optimizers that keep a second moment of the gradient.

Adam, AdamW, Nadam, RMSprop, Adagrad, Lamb and Ftrl use the gradient and its
square (Adamax: its magnitude). Their ``_step(gradient, moment, variable,
learning_rate)`` takes both. On an IndexedSlices gradient Keras 3 (TensorFlow
backend) applies the square to each row on its own and sums the rows of a
repeated index only where a dense operand meets them, so the moment gets
sum(g_i**2) where the summed dense gradient would give (sum g_i)**2; the rest
of the step sees the rows summed (see framework/indexed_slices.py).
Where Keras assigns an IndexedSlices into a variable (``assign_add`` / ``assign_sub`` of rows),
TensorFlow scatters it: the rows are added one after another, a repeated index's rows
each rounded on its own (``scatter_add``).
"""
from framework.row_scatter import add_rows


class RowwiseMoment:
    """Mixed in before Optimizer: ``update_step`` and ``sparse_update_step`` from ``_step``."""

    def moment(self, gradient, variable):
        """The elementwise function of the gradient the step accumulates: its square."""
        return gradient * gradient

    def update_step(self, gradient, variable, learning_rate):
        self._step(gradient, self.moment(gradient, variable), variable, learning_rate)

    def sparse_update_step(self, gradient, variable, learning_rate):
        self._step(gradient.dense(), gradient.dense(self.moment(gradient.values, variable)), variable, learning_rate)


def scatter_add(target, indices, rows):
    """``target[indices[i]] += rows[i]`` in place, one row after another (TensorFlow's
    ``scatter_add``: a repeated index adds its rows in turn, not their sum)."""
    add_rows(target, indices, rows)
