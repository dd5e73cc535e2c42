"""``keras.optimizers``: tapeflow's ``optim`` (and ``optimizers.schedules``, ``optimizers.legacy``), loaded on
first use."""
from ._forward import forward

__getattr__, __dir__ = forward('optim', 'keras.optimizers', extra={'schedules': 'optim.schedules',
                                                                          'legacy': 'optim.legacy'})
