"""The input kernel's gradient of a GRU that slices its kernel per gate at every step.

Keras 3's GRUCell of implementation 1 (implementation=1, or recurrent_dropout, which switches to it) multiplies
each step's input by ``self.kernel[:, :u]``, ``[:, u:2u]`` and ``[:, 2u:]`` apart (and, with reset_after=False,
adds ``self.bias[:u]``... apart): three reads of the variable per step. TF 2.21's eager tape collects the 3T
gradients of those reads and adds them with one AddN (addn_chunks.py: past nine parts its chunks of eight round
otherwise than a running sum), in the order it visits the reads: the loop's steps from the last visited back,
within a step h's slice, then z's, then r's. Measured (progs/gradfuzz23/e2.py, e3.py): GRU(3, implementation=1) over
4, 6 and 7 steps, reset_after both ways, every kernel value equal in that order and only in it among the
orders of the gates; a running sum over the steps (tapeflow's before) left 7-17 of 27 values an ulp off.
"""
from framework.addn_chunks import addn_sum
from framework.backend import array_module

GRU_SLICES = (2, 0, 1)      # the gates' slices of one step in TF's visiting order: h, z, r


def sliced_reads_sum(term, order, slices, width):
    """The AddN of each step's ``term(t)`` (an array, gates side by side in blocks of ``width`` along the last
    axis) cut into its gates' blocks, steps in ``order`` and a step's blocks in ``slices`` order: each part is the
    block with zeros elsewhere, as TF's slice gradients are (adding zeros is exact: only the parts' order and
    AddN's chunks decide the bits)."""
    parts = []
    for t in order:
        full = term(t)
        xp = array_module(full)
        for gate in slices:
            part = xp.zeros_like(full)
            columns = slice(gate * width, (gate + 1) * width)
            part[..., columns] = full[..., columns]
            parts.append(part)
    return addn_sum(parts)
