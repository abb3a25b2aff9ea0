from pyscript import document
import pygame_core
document.body.dataset.ready = "1"
print("ok", pygame_core.GAMES)
