"""``keras.optimizers``: tapeflow's ``optim`` (and ``optimizers.schedules``, ``optimizers.legacy``), loaded on
first use; ``from keras.optimizers.schedules import ...`` imports the submodules too."""
from ._forward import forward, submodules

_SUBMODULES = {'schedules': 'optim.schedules', 'legacy': 'optim.legacy'}
__getattr__, __dir__ = forward('optim', 'keras.optimizers', extra=_SUBMODULES)
submodules(globals(), _SUBMODULES)
