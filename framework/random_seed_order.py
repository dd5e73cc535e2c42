"""When TF's stateful random ops take their seeds. Their Python wrappers convert the arguments
(mean, stddev, minval, maxval, logits), then draw the op's seeds (after tf.random.set_seed each op
without an op seed takes the next value of the eager seed stream), then run the kernel. So an
argument the kernel refuses (a negative shape, minval >= maxval, a vector of logits) still uses up
that seed, and the next random op draws what it draws in TF; a conversion error uses up none."""
from . import op_seeds
from .errors import InvalidArgumentError


def kernel_checked(seed, check, *conversions):
    """``check()`` (tapeflow's parsing of the op's arguments, which raises the kernel's errors); a
    kernel error draws the op's seeds first, after ``conversions`` (TF's earlier conversions, whose
    errors win) have run."""
    try:
        return check()
    except InvalidArgumentError as error:
        refusal = error
    for convert in conversions:
        convert()
    use_seed(seed)
    raise refusal


def use_seed(seed):
    """Draw the op's seeds as TF's get_seed does, for an op whose kernel will not draw."""
    op_seeds.seed_pair(seed, lambda: None)
