"""The Global Diplomacy board's design table: every area (number, code, name, sheet, centre points, owner, seed
points [lat, lon]) and every Great Power's start. ``python resources/maps/global1890/source/design.py`` writes
``map.json`` and ``seeds.json``; the borders are then read off the drawing (``--edges`` after a first build), so
the graph and the drawing agree by construction. Kept beside the map as the record of its design."""
from __future__ import annotations

import json
import sys
from pathlib import Path

FOLDER = Path(__file__).resolve().parent.parent

# number, code, name, sheet, centre points (0 = none), owner (None = neutral), seeds
E, AS, AF, NA, SA = "Europe", "Asia", "Africa", "North America", "South America"
AREAS = [
    (1, "VIL", "Vilna", E, 0, "RUSSIA", [[54.7, 25.3], [55.6, 27.5]]),
    (2, "IRE", "Ireland", E, 0, "ENGLAND", [[53.2, -8.0], [54.6, -7.0]]),
    (3, "EDI", "Edinburgh", E, 2, "ENGLAND", [[55.7, -3.6], [55.3, -4.6]]),
    (4, "HIG", "Highlands", E, 0, "ENGLAND", [[57.4, -4.4], [58.3, -4.0]]),
    (5, "LVP", "Liverpool", E, 1, "ENGLAND", [[53.6, -2.7], [52.3, -3.6]]),
    (6, "YOR", "Yorkshire", E, 0, "ENGLAND", [[54.1, -1.3], [54.8, -2.0]]),
    (7, "LON", "London", E, 2, "ENGLAND", [[51.5, -0.4], [52.3, 0.8], [50.9, -3.2]]),
    (8, "POR", "Portugal", E, 2, "SPAIN", [[39.5, -8.2], [41.0, -8.0]]),
    (9, "AND", "Andalusia", E, 1, "SPAIN", [[37.5, -5.0], [37.3, -3.0]]),
    (10, "MAD", "Madrid", E, 2, "SPAIN", [[40.3, -3.7], [41.5, -4.5]]),
    (11, "GAL", "Galicia", E, 0, "SPAIN", [[42.8, -7.6], [43.1, -5.0]]),
    (12, "CAT", "Catalonia", E, 1, "SPAIN", [[41.8, 1.6], [42.0, -0.5]]),
    (13, "VAL", "Valencia", E, 0, "SPAIN", [[39.3, -0.9], [38.5, -1.5]]),
    (14, "ORL", "Orleans", E, 0, "FRANCE", [[47.3, 1.2], [46.5, 0.5]]),
    (15, "GAS", "Gascony", E, 1, "FRANCE", [[44.3, 0.0], [45.2, 1.5]]),
    (16, "BRI", "Brittany", E, 2, "FRANCE", [[48.1, -3.0], [48.9, -0.6]]),
    (17, "PIC", "Picardy", E, 0, "FRANCE", [[50.0, 2.4], [49.3, 4.3]]),
    (18, "PAR", "Paris", E, 2, "FRANCE", [[48.6, 2.3]]),
    (19, "HOL", "Holland", E, 2, None, [[52.2, 5.6]]),
    (20, "BEL", "Belgium", E, 1, None, [[50.6, 4.6]]),
    (21, "BUR", "Burgundy", E, 0, "FRANCE", [[47.0, 4.8], [46.0, 4.5]]),
    (22, "PRO", "Provence", E, 2, "FRANCE", [[43.9, 5.6], [44.0, 3.2]]),
    (23, "TRO", "Trondheim", E, 0, None, [[63.3, 10.53], [67.6, 15.52], [69.5, 20.5]]),
    (24, "STO", "Stockholm", E, 2, None, [[59.6, 17.3], [61.5, 15.5]]),
    (25, "CHR", "Christiania", E, 1, None, [[60.2, 9.5], [58.7, 7.5]]),
    (26, "NRL", "Norrland", E, 0, None, [[64.0, 17.5], [66.5, 21.0]]),
    (27, "GOT", "Gothenburg", E, 0, None, [[57.9, 12.6], [56.0, 13.5]]),
    (28, "KAL", "Kalmar", E, 0, None, [[57.2, 15.5]]),
    (29, "SIL", "Silesia", E, 1, "GERMANY", [[51.2, 16.6], [50.7, 17.8]]),
    (30, "BER", "Berlin", E, 2, "GERMANY", [[52.6, 13.2], [53.6, 13.0]]),
    (31, "NAP", "Naples", E, 2, "ITALY", [[41.0, 15.0], [39.2, 16.4]]),
    (32, "RHI", "Rhineland", E, 2, "GERMANY", [[50.9, 7.0], [51.7, 8.0]]),
    (33, "ROM", "Rome", E, 2, "ITALY", [[42.5, 12.6], [43.3, 11.3]]),
    (34, "PIE", "Piedmont", E, 2, "ITALY", [[45.0, 8.0]]),
    (35, "VNT", "Venetia", E, 1, "ITALY", [[45.6, 11.8], [44.7, 10.8]]),
    (36, "SIC", "Sicily", E, 1, "ITALY", [[37.5, 14.1]]),
    (37, "SAR", "Sardinia", E, 0, "ITALY", [[40.0, 9.0]]),
    (38, "SWI", "Switzerland", E, 1, None, [[46.8, 8.2]]),
    (39, "VIE", "Vienna", E, 2, "AUSTRIA", [[47.9, 15.3], [47.2, 13.5]]),
    (40, "BUD", "Budapest", E, 2, "AUSTRIA", [[47.2, 19.5], [46.6, 22.0]]),
    (41, "LEM", "Lemberg", E, 0, "AUSTRIA", [[49.6, 23.8], [48.6, 25.6]]),
    (42, "CRA", "Cracow", E, 0, None, [[50.1, 20.0]]),
    (43, "BOH", "Bohemia", E, 2, "AUSTRIA", [[49.8, 14.5], [49.4, 16.6]]),
    (44, "DEN", "Denmark", E, 2, None, [[56.2, 9.2], [55.5, 11.8]]),
    (45, "WAR", "Warsaw", E, 2, "RUSSIA", [[52.3, 21.0], [51.5, 23.0]]),
    (46, "STP", "St Petersburg", E, 2, "RUSSIA", [[59.2, 30.5], [61.5, 34.0]]),
    (47, "MOS", "Moscow", E, 2, "RUSSIA", [[55.7, 37.5], [57.5, 40.0]]),
    (48, "FIN", "Finland", E, 1, "RUSSIA", [[62.0, 25.5], [66.0, 27.0], [61.0, 22.5]]),
    (49, "RIG", "Livonia", E, 0, "RUSSIA", [[57.2, 25.0], [57.5, 28.0]]),
    (50, "KIE", "Kiev", E, 0, "RUSSIA", [[50.5, 30.5], [51.5, 27.5]]),
    (51, "TUN", "Tunis", E, 1, None, [[35.5, 9.5], [33.5, 9.5]]),
    (52, "ODE", "Odessa", E, 0, "RUSSIA", [[47.2, 30.5], [47.5, 33.0]]),
    (53, "SEV", "Sevastopol", E, 2, "RUSSIA", [[45.0, 34.0], [46.76, 36.35]]),
    (54, "ROU", "Romania", E, 2, None, [[44.8, 25.5], [46.8, 26.5]]),
    (55, "SER", "Serbia", E, 1, None, [[44.0, 20.8]]),
    (56, "BUL", "Bulgaria", E, 1, None, [[42.8, 25.0], [43.3, 27.2]]),
    (57, "GRE", "Greece", E, 2, None, [[39.0, 22.0], [37.5, 22.3]]),
    (58, "CON", "Constantinople", E, 2, "OTTOMAN", [[41.3, 27.5], [40.6, 29.6]]),
    (59, "SMY", "Smyrna", E, 1, "OTTOMAN", [[38.5, 28.5], [37.3, 30.5]]),
    (60, "ANK", "Ankara", E, 1, "OTTOMAN", [[39.5, 33.5], [40.8, 36.0]]),
    (61, "HAM", "Hamburg", E, 2, "GERMANY", [[53.4, 9.8], [54.4, 9.4], [52.8, 8.0]]),
    (62, "KOE", "Konigsberg", E, 1, "GERMANY", [[54.3, 21.0], [53.8, 18.5]]),
    (63, "BAV", "Bavaria", E, 1, "GERMANY", [[48.5, 11.5], [49.5, 10.0]]),
    (64, "ALS", "Alsace-Lorraine", E, 0, "GERMANY", [[48.6, 7.0]]),
    (65, "TRI", "Trieste", E, 1, "AUSTRIA", [[45.6, 14.5], [44.5, 16.3]]),
    (66, "BOS", "Bosnia", E, 0, "AUSTRIA", [[44.0, 18.0], [43.0, 17.5]]),
    (67, "MAC", "Macedonia", E, 1, "OTTOMAN", [[41.3, 21.8], [40.8, 19.9]]),
    (68, "ALG", "Algeria", E, 1, "FRANCE", [[35.6, 2.0], [36.3, 5.5], [34.0, 0.5]]),
    (69, "MOR", "Morocco", E, 1, None, [[33.5, -6.0], [31.0, -7.5], [34.5, -3.0]]),
    (70, "ARC", "Archangel", E, 0, "RUSSIA", [[64.0, 42.0], [66.5, 50.0], [62.0, 36.0]]),
    (71, "KAZ", "Kazan", E, 0, "RUSSIA", [[56.0, 49.0], [58.5, 46.0]]),
    (72, "SAM", "Samara", E, 0, "RUSSIA", [[52.5, 49.0], [51.0, 46.0]]),
    (73, "KHA", "Kharkov", E, 0, "RUSSIA", [[50.0, 36.3], [52.5, 34.0], [53.5, 38.0]]),
    (74, "CAU", "Caucasus", E, 1, "RUSSIA", [[42.3, 44.5], [41.6, 46.5], [44.5, 43.0]]),
    (75, "DON", "Don", E, 0, "RUSSIA", [[48.0, 40.5], [47.0, 44.5]]),
    (76, "URA", "Urals", AS, 0, "RUSSIA", [[58.0, 57.0], [62.0, 58.5], [66.0, 62.0]]),
    (77, "ORE", "Orenburg", AS, 0, "RUSSIA", [[51.0, 57.0], [48.0, 62.0], [46.0, 54.5]]),
    (78, "TUR", "Turkestan", AS, 1, "RUSSIA", [[41.5, 67.0], [43.0, 73.0], [45.5, 68.0]]),
    (79, "KHI", "Khiva", AS, 0, "RUSSIA", [[39.5, 57.0], [41.5, 60.5], [38.0, 61.5]]),
    (80, "OMS", "Omsk", AS, 0, "RUSSIA", [[57.0, 72.0], [62.0, 74.0], [67.07, 71.84], [52.0, 75.0]]),
    (81, "TOM", "Tomsk", AS, 0, "RUSSIA", [[56.0, 86.0], [62.0, 89.0], [68.0, 88.0], [50.0, 85.0]]),
    (82, "IRK", "Irkutsk", AS, 0, "RUSSIA", [[54.0, 104.0], [60.0, 104.0], [66.0, 102.0], [71.0, 105.0], [52.5, 113.0]]),
    (83, "YAK", "Yakutsk", AS, 0, "RUSSIA", [[62.0, 127.0], [67.0, 133.0], [70.93, 129.94], [58.0, 123.0]]),
    (84, "KAM", "Kamchatka", AS, 0, "RUSSIA", [[61.0, 152.0], [65.0, 162.0], [56.5, 159.5], [66.5, 175.0], [68.0, 150.0], [65.8, -173.0]]),
    (85, "VLA", "Vladivostok", AS, 1, "RUSSIA", [[47.5, 135.5], [52.0, 131.0], [53.75, 136.99]]),
    (86, "MAN", "Manchuria", AS, 1, "CHINA", [[44.0, 126.0], [48.0, 125.0], [41.8, 123.0]]),
    (87, "PEK", "Peking", AS, 2, "CHINA", [[39.5, 116.0], [37.5, 114.0], [41.0, 118.0]]),
    (88, "KOR", "Korea", AS, 1, None, [[37.5, 127.5], [39.8, 126.8]]),
    (89, "MON", "Mongolia", AS, 0, "CHINA", [[47.0, 104.0], [45.0, 95.0], [44.0, 112.0], [48.5, 116.0]]),
    (90, "SIA", "Siam", AS, 2, None, [[15.5, 101.0], [13.7, 100.3], [10.2, 99.0], [18.0, 102.5]]),
    (91, "MAL", "Malay States", AS, 0, "ENGLAND", [[4.5, 101.6], [2.5, 102.8]]),
    (92, "COC", "Cochin", AS, 0, "FRANCE", [[10.8, 106.4], [11.8, 107.7]]),
    (93, "KHM", "Cambodia", AS, 0, "FRANCE", [[12.8, 104.6], [14.3, 106.8]]),
    (94, "TON", "Tonkin", AS, 1, "FRANCE", [[21.0, 105.4], [17.5, 106.0], [14.3, 108.7]]),
    (95, "BRM", "Burma", AS, 0, "ENGLAND", [[19.5, 96.0], [23.0, 95.5], [16.5, 97.8], [13.5, 98.8]]),
    (96, "BEN", "Bengal", AS, 2, "ENGLAND", [[23.5, 88.0], [25.5, 85.0], [26.5, 92.0]]),
    (97, "DEL", "Delhi", AS, 0, "ENGLAND", [[29.5, 76.5], [27.0, 78.5], [32.0, 74.0]]),
    (98, "BOM", "Bombay", AS, 2, "ENGLAND", [[19.5, 74.5], [22.5, 72.5], [26.0, 70.0]]),
    (99, "MDS", "Madras", AS, 0, "ENGLAND", [[12.5, 78.8], [9.8, 77.5]]),
    (100, "HYD", "Hyderabad", AS, 0, "ENGLAND", [[18.0, 78.5], [21.0, 80.5]]),
    (101, "CEY", "Ceylon", AS, 0, "ENGLAND", [[7.8, 80.7]]),
    (102, "AFG", "Afghanistan", AS, 1, None, [[34.0, 66.0], [32.0, 63.0], [36.0, 70.0]]),
    (103, "PRS", "Persia", AS, 2, None, [[33.0, 53.0], [35.8, 51.0], [30.0, 57.0], [36.5, 58.0], [27.5, 60.5]]),
    (104, "BAG", "Baghdad", AS, 1, "OTTOMAN", [[33.0, 44.0], [31.0, 46.5], [35.5, 43.0]]),
    (105, "SYR", "Syria", AS, 2, "OTTOMAN", [[34.0, 37.0], [31.8, 35.3], [35.8, 38.5]]),
    (106, "HEJ", "Hejaz", AS, 1, "OTTOMAN", [[24.0, 39.5], [21.3, 40.5], [27.5, 37.0]]),
    (107, "NEJ", "Nejd", AS, 0, None, [[24.5, 46.0], [27.5, 44.0], [20.5, 46.5], [27.0, 49.0]]),
    (108, "OMA", "Oman", AS, 1, None, [[22.5, 57.5], [20.0, 55.5], [24.0, 55.0]]),
    (109, "YEM", "Yemen", AS, 0, None, [[15.0, 45.0], [17.0, 50.0], [18.0, 43.5]]),
    (110, "ARM", "Armenia", AS, 0, "OTTOMAN", [[39.5, 41.5], [38.5, 39.0], [40.5, 40.5]]),
    (111, "NAN", "Nanking", AS, 2, "CHINA", [[32.0, 118.5], [30.5, 116.5], [34.0, 117.0]]),
    (112, "CAN", "Canton", AS, 2, "CHINA", [[23.5, 113.0], [24.5, 110.0], [22.0, 108.5]]),
    (113, "YUN", "Yunnan", AS, 0, "CHINA", [[25.0, 102.0], [27.0, 105.0], [23.0, 100.0]]),
    (114, "SZE", "Szechwan", AS, 0, "CHINA", [[30.5, 104.0], [31.0, 108.0], [34.5, 105.0]]),
    (115, "SIN", "Sinkiang", AS, 0, "CHINA", [[41.0, 84.0], [38.0, 78.5], [44.0, 88.0], [42.0, 93.0]]),
    (116, "TIB", "Tibet", AS, 0, "CHINA", [[31.5, 88.0], [33.0, 82.0], [32.0, 95.0], [36.0, 95.0]]),
    (117, "HUP", "Hankow", AS, 0, "CHINA", [[30.5, 113.0], [27.5, 112.5], [34.0, 112.0]]),
    (118, "FUK", "Fukien", AS, 0, "CHINA", [[26.0, 118.0], [28.5, 119.5]]),
    (119, "FOR", "Formosa", AS, 1, "CHINA", [[23.7, 121.0]]),
    (120, "TOK", "Tokyo", AS, 2, "JAPAN", [[36.2, 139.5], [38.8, 140.5], [40.5, 140.8]]),
    (121, "OSA", "Osaka", AS, 2, "JAPAN", [[34.8, 135.5], [35.2, 133.0], [33.7, 133.3]]),
    (122, "KYU", "Kyushu", AS, 2, "JAPAN", [[32.6, 130.9]]),
    (123, "HOK", "Hokkaido", AS, 1, "JAPAN", [[43.3, 142.6]]),
    (124, "SAK", "Sakhalin", AS, 0, "RUSSIA", [[50.0, 142.8]]),
    (125, "PHI", "Philippines", AS, 1, "SPAIN", [[16.0, 121.0], [13.8, 122.3], [7.5, 125.0]]),
    (126, "BOR", "Borneo", AS, 0, None, [[1.0, 114.0], [-1.5, 112.5], [4.5, 116.5]]),
    (127, "JAV", "Java", AS, 2, None, [[-7.1, 110.0], [-7.0, 107.5], [-7.8, 113.0]]),
    (128, "SUM", "Sumatra", AS, 0, None, [[0.0, 101.5], [3.0, 98.5], [-3.5, 103.5]]),
    (129, "AUS", "Australia", AS, 0, "ENGLAND", [[-33.0, 147.0], [-25.0, 145.0], [-23.0, 133.0], [-28.0, 120.0], [-17.5, 130.0], [-37.0, 144.0], [-20.0, 143.0], [-31.0, 137.0]]),
    (130, "ALA", "Alaska", NA, 0, "USA", [[64.0, -152.0], [61.09, -147.12], [66.0, -160.0], [59.5, -157.0], [69.5, -150.0]]),
    (131, "NWT", "North-West Territories", NA, 0, "ENGLAND", [[63.0, -128.0], [65.0, -118.0], [67.9, -110.13], [62.5, -105.0], [67.0, -95.0], [68.5, -130.0]]),
    (132, "BCO", "British Columbia", NA, 0, "ENGLAND", [[53.0, -123.5], [57.0, -126.0], [59.0, -133.5], [50.3, -120.0]]),
    (133, "MTB", "Manitoba", NA, 0, "ENGLAND", [[54.0, -98.0], [58.5, -95.0], [51.5, -106.0], [55.0, -112.0], [50.0, -98.0]]),
    (134, "LAB", "Labrador", NA, 0, "ENGLAND", [[54.0, -64.0], [57.5, -73.0], [52.0, -76.0], [58.72, -65.79]]),
    (135, "ONT", "Ontario", NA, 1, "ENGLAND", [[45.5, -78.5], [49.0, -85.0], [51.0, -88.0], [44.0, -80.5]]),
    (136, "NSC", "Nova Scotia", NA, 0, "ENGLAND", [[45.2, -63.2], [46.5, -66.0]]),
    (137, "NFL", "Newfoundland", NA, 0, "ENGLAND", [[48.6, -56.0]]),
    (138, "QUE", "Quebec", NA, 0, "ENGLAND", [[47.0, -71.3], [49.5, -68.5], [48.0, -75.0]]),
    (139, "NEN", "New England", NA, 2, "USA", [[42.4, -71.8], [44.0, -72.0]]),
    (140, "NYK", "New York", NA, 2, "USA", [[42.8, -75.5], [41.0, -74.4]]),
    (141, "WAS", "Washington", NA, 2, "USA", [[38.8, -77.3], [37.5, -78.5]]),
    (142, "PEN", "Pennsylvania", NA, 0, "USA", [[40.8, -77.8]]),
    (143, "MAI", "Maine", NA, 0, "USA", [[45.3, -69.3]]),
    (144, "CAR", "Carolina", NA, 0, "USA", [[35.3, -80.0], [34.5, -78.3]]),
    (145, "FLO", "Florida", NA, 0, "USA", [[29.5, -82.0], [32.5, -83.5], [27.0, -81.2]]),
    (146, "CHI", "Chicago", NA, 2, "USA", [[41.5, -88.5], [44.0, -89.5], [41.0, -85.0], [46.5, -93.0]]),
    (147, "NOR", "New Orleans", NA, 1, "USA", [[31.0, -91.0], [33.0, -89.5]]),
    (148, "MEX", "Mexico", NA, 1, None, [[19.5, -99.0], [22.0, -101.0], [17.5, -96.5], [18.5, -90.0]]),
    (149, "TEX", "Texas", NA, 0, "USA", [[31.0, -99.0], [29.0, -96.5], [34.5, -97.0]]),
    (150, "PLA", "Great Plains", NA, 0, "USA", [[40.5, -100.0], [45.5, -100.5], [37.5, -98.0]]),
    (151, "ROC", "Rocky Mountains", NA, 0, "USA", [[40.0, -108.5], [45.0, -111.0], [36.0, -107.0]]),
    (152, "CAL", "California", NA, 1, "USA", [[37.5, -120.5], [35.0, -117.5], [39.5, -117.0]]),
    (153, "ORG", "Oregon", NA, 0, "USA", [[44.5, -121.0], [47.5, -120.0]]),
    (154, "SON", "Sonora", NA, 0, None, [[28.5, -107.0], [29.0, -103.0], [28.0, -113.0], [25.5, -111.5]]),
    (155, "GUA", "Guatemala", NA, 1, None, [[15.0, -90.0], [13.0, -86.0], [10.0, -84.0]]),
    (156, "CUB", "Cuba", NA, 1, "SPAIN", [[22.3, -79.5], [20.6, -76.5]]),
    (157, "HAI", "Haiti", NA, 1, None, [[19.0, -72.3], [18.8, -70.3]]),
    (158, "STL", "St Louis", NA, 0, "USA", [[38.5, -92.0], [36.2, -89.0]]),
    (159, "OHI", "Ohio", NA, 0, "USA", [[39.8, -83.5], [37.5, -85.0]]),
    (160, "COL", "Colombia", SA, 1, None, [[5.0, -74.0], [8.67, -80.13], [9.5, -75.5]]),
    (161, "VZL", "Venezuela", SA, 1, None, [[8.0, -66.0], [7.0, -62.5], [10.0, -69.5]]),
    (162, "GUI", "Guiana", SA, 0, None, [[4.5, -56.0], [4.0, -53.0], [5.5, -59.0]]),
    (163, "ECU", "Ecuador", SA, 0, None, [[-1.5, -78.5]]),
    (164, "PRU", "Peru", SA, 1, None, [[-10.0, -76.0], [-14.0, -73.0], [-6.0, -79.0]]),
    (165, "BOL", "Bolivia", SA, 0, None, [[-17.0, -65.0], [-20.0, -63.0], [-13.0, -66.0]]),
    (166, "CHL", "Chile", SA, 2, None, [[-33.5, -70.8], [-27.0, -70.0], [-40.0, -72.5], [-46.0, -72.5], [-22.5, -69.3]]),
    (167, "ARG", "Argentina", SA, 2, None, [[-34.5, -60.5], [-31.0, -63.5], [-27.0, -62.0], [-24.0, -65.0]]),
    (168, "PAT", "Patagonia", SA, 0, None, [[-42.0, -68.0], [-48.0, -69.0], [-38.5, -66.0], [-54.0, -68.5]]),
    (169, "URU", "Uruguay", SA, 1, None, [[-32.8, -56.0]]),
    (170, "PGY", "Paraguay", SA, 0, None, [[-23.0, -58.0]]),
    (171, "RIO", "Rio de Janeiro", SA, 2, None, [[-22.3, -43.5], [-21.0, -41.5]]),
    (172, "SAO", "Sao Paulo", SA, 0, None, [[-23.5, -48.5], [-27.5, -51.5], [-30.5, -53.0]]),
    (173, "BAH", "Bahia", SA, 1, None, [[-12.5, -40.5], [-15.0, -41.0]]),
    (174, "AMA", "Amazonas", SA, 0, None, [[-4.0, -63.0], [-8.0, -68.0], [0.5, -66.0]]),
    (175, "PAA", "Para", SA, 0, None, [[-3.0, -50.0], [-6.5, -53.5], [0.5, -52.0]]),
    (176, "MAT", "Mato Grosso", SA, 0, None, [[-13.0, -56.0], [-17.5, -55.0]]),
    (177, "GOI", "Goias", SA, 0, None, [[-15.0, -49.0], [-10.0, -48.0]]),
    (178, "MAR", "Maranhao", SA, 0, None, [[-5.0, -45.0], [-7.0, -42.5]]),
    (179, "MIN", "Minas Gerais", SA, 0, None, [[-18.5, -45.0], [-20.0, -47.5]]),
    (180, "PNB", "Pernambuco", SA, 1, None, [[-8.3, -36.8], [-6.0, -37.5]]),
    (182, "EGY", "Egypt", AF, 1, "ENGLAND", [[27.0, 30.0], [30.2, 31.0], [23.5, 32.5]]),
    (183, "TRP", "Tripoli", AF, 1, "OTTOMAN", [[31.0, 14.0], [29.0, 18.0], [31.5, 21.5], [26.5, 14.0]]),
    (184, "SUD", "Sudan", AF, 0, None, [[15.0, 31.0], [12.0, 26.0], [18.5, 33.0], [9.0, 30.0]]),
    (185, "ABY", "Abyssinia", AF, 1, None, [[9.0, 39.0], [12.0, 38.0], [7.0, 42.0]]),
    (186, "ERI", "Eritrea", AF, 1, "ITALY", [[15.5, 38.5], [14.0, 40.5]]),
    (187, "SOM", "Somaliland", AF, 0, None, [[6.0, 46.5], [9.5, 48.5], [2.5, 44.0]]),
    (188, "ZAN", "Zanzibar", AF, 1, "GERMANY", [[-6.0, 36.0], [-9.0, 35.0], [-3.5, 33.5]]),
    (189, "KEN", "Kenya", AF, 0, "ENGLAND", [[0.0, 37.0], [2.5, 38.5], [1.0, 33.0]]),
    (190, "KIN", "Congo", AF, 1, None, [[-3.0, 22.0], [0.5, 24.0], [-5.5, 15.5], [2.5, 20.0], [-9.0, 26.0]]),
    (191, "CAP", "Cape Colony", AF, 1, "ENGLAND", [[-32.0, 21.0], [-30.0, 24.5], [-33.6, 19.0], [-27.0, 22.0]]),
    (192, "TRA", "Transvaal", AF, 1, None, [[-25.5, 28.5], [-28.0, 26.0], [-23.5, 30.0]]),
    (193, "MOZ", "Mozambique", AF, 1, "SPAIN", [[-18.0, 35.0], [-14.5, 38.5], [-23.5, 33.5], [-16.5, 29.5]]),
    (194, "ANG", "Angola", AF, 1, "SPAIN", [[-12.0, 17.0], [-9.0, 14.5], [-15.0, 15.0], [-13.0, 21.0]]),
    (195, "NIG", "Niger", AF, 0, "ENGLAND", [[9.0, 7.0], [11.5, 10.0], [6.5, 5.5], [13.5, 5.0]]),
    (196, "SEN", "Senegal", AF, 1, "FRANCE", [[14.5, -15.0], [12.0, -12.0], [10.0, -11.0], [16.5, -13.0]]),
    (197, "SAH", "Sahara", AF, 0, "FRANCE", [[22.0, 0.0], [22.0, 10.0], [18.0, -5.0], [25.0, -8.0], [19.0, 18.0], [22.0, 24.0], [15.0, 18.0], [27.0, 5.0]]),
    (198, "GCO", "Gold Coast", AF, 0, None, [[7.0, -1.5], [7.8, -8.0], [10.0, -1.0], [9.0, -11.5]]),
    (199, "CMR", "Kamerun", AF, 1, "GERMANY", [[5.0, 12.5], [3.0, 11.5], [8.0, 14.0]]),
    (181, "SWA", "South-West Africa", AF, 0, "GERMANY", [[-22.0, 17.0], [-26.0, 17.5], [-19.0, 14.5], [-19.0, 21.0]]),
    # Seas
    (200, "ARO", "Arctic Ocean", NA, 0, None, [[73.0, -140.0], [73.42, -95.74], [72.0, -160.0], [74.34, -119.77]]),
    (201, "HUD", "Hudson Bay", NA, 0, None, [[60.0, -86.0], [56.5, -80.0], [63.0, -80.0]]),
    (202, "LSE", "Labrador Sea", NA, 0, None, [[58.0, -55.0], [62.0, -58.0], [68.0, -62.0], [72.0, -65.0]]),
    (203, "SLW", "Gulf of St Lawrence", NA, 0, None, [[48.2, -62.0], [49.5, -64.5], [47.0, -61.0]]),
    (204, "WAT", "West Atlantic", NA, 0, None, [[37.0, -66.0], [31.0, -72.0], [40.0, -55.0], [30.0, -60.0], [24.0, -70.0]]),
    (205, "CRB", "Caribbean Sea", NA, 0, None, [[15.0, -75.0], [14.0, -68.0], [16.0, -82.0], [12.5, -62.0]]),
    (206, "GOM", "Gulf of Mexico", NA, 0, None, [[25.0, -90.0], [25.0, -95.0], [27.0, -86.0]]),
    (207, "NEP", "North-East Pacific", NA, 0, None, [[40.0, -135.0], [30.0, -130.0], [50.0, -140.0], [20.0, -145.0], [45.0, -160.0], [56.0, -145.0], [30.0, -160.0]]),
    (208, "EPA", "East Pacific", NA, 0, None, [[12.0, -105.0], [5.0, -93.0], [17.0, -115.0], [22.0, -112.0], [5.0, -82.0]]),
    (209, "GMA", "Gulf of Maine", NA, 0, None, [[43.0, -68.5], [42.0, -69.8]]),
    (210, "SEP", "South-East Pacific", SA, 0, None, [[-15.0, -85.0], [-30.0, -85.0], [-45.0, -80.0], [-5.0, -85.0], [-55.0, -78.0], [-25.0, -75.0]]),
    (211, "BRS", "Bering Sea", AS, 0, None, [[58.0, 179.86], [60.0, -175.0], [64.0, -172.0], [55.0, 170.0], [68.0, -170.0], [56.0, -172.0]]),
    (212, "OKH", "Sea of Okhotsk", AS, 0, None, [[55.0, 150.0], [50.0, 147.0], [57.0, 141.0], [46.1, 149.88]]),
    (213, "JAP", "Sea of Japan", AS, 0, None, [[40.0, 134.0], [43.0, 137.0], [37.5, 133.0], [46.5, 139.0]]),
    (214, "YEL", "Yellow Sea", AS, 0, None, [[36.0, 123.5], [38.5, 121.0], [34.0, 124.0], [39.5, 119.5]]),
    (215, "ECS", "East China Sea", AS, 0, None, [[29.0, 125.0], [26.0, 124.0], [31.5, 126.5]]),
    (216, "SCS", "South China Sea", AS, 0, None, [[15.0, 114.0], [10.0, 112.0], [19.0, 116.0], [5.5, 110.5], [20.43, 109.72]]),
    (217, "NPW", "North-West Pacific", AS, 0, None, [[35.0, 150.0], [30.0, 162.0], [45.0, 165.0], [20.0, 150.0], [25.0, 178.0], [50.0, 175.0], [40.0, -175.0], [25.0, -172.0], [45.0, -172.0]]),
    (218, "SAT", "South Atlantic", SA, 0, None, [[-25.0, -20.0], [-40.0, -25.0], [-45.0, -45.0], [-35.0, -5.0], [-20.0, -5.0], [-50.0, -60.0], [-52.0, -10.0]]),
    (219, "CAO", "Central Atlantic", SA, 0, None, [[5.0, -30.0], [-5.0, -30.0], [15.0, -38.0], [0.0, -18.0], [10.0, -45.0], [-12.0, -30.0]]),
    (220, "EAT", "East Atlantic", E, 0, None, [[39.0, -14.0], [43.0, -15.0], [35.0, -22.0], [36.5, -9.5]]),
    (221, "BIS", "Bay of Biscay", E, 0, None, [[45.5, -4.5], [44.5, -2.5], [46.5, -6.5]]),
    (222, "NAT", "North Atlantic", E, 0, None, [[48.0, -30.0], [55.0, -25.0], [52.0, -15.0], [60.0, -35.0], [62.0, -15.0], [45.0, -42.0]]),
    (223, "IRS", "Irish Sea", E, 0, None, [[53.8, -5.2], [52.0, -5.5]]),
    (224, "CNR", "Canary Sea", AF, 0, None, [[28.0, -16.0], [22.0, -20.0], [31.5, -11.0], [17.0, -20.0]]),
    (225, "GGU", "Gulf of Guinea", AF, 0, None, [[2.0, 2.0], [-2.0, 6.0], [3.0, -5.0], [-8.0, 8.0], [4.0, -12.0]]),
    (226, "WME", "Western Mediterranean", E, 0, None, [[38.5, 5.5], [37.6, 8.0], [36.5, 0.0], [39.4, 2.39]]),
    (227, "TYS", "Tyrrhenian Sea", E, 0, None, [[40.0, 12.5], [39.0, 11.0], [41.8, 10.5]]),
    (228, "ION", "Ionian Sea", E, 0, None, [[36.5, 18.5], [34.5, 16.5], [33.5, 21.0], [32.3, 18.0], [38.5, 19.5]]),
    (229, "ADR", "Adriatic Sea", E, 0, None, [[43.0, 15.5], [41.8, 17.5], [44.5, 13.2]]),
    (230, "AEG", "Aegean Sea", E, 0, None, [[38.5, 25.0], [36.0, 25.0], [40.2, 24.5]]),
    (231, "EME", "Eastern Mediterranean", E, 0, None, [[33.5, 28.0], [34.0, 33.0], [32.0, 31.5]]),
    (232, "BLA", "Black Sea", E, 0, None, [[43.3, 34.0], [43.0, 30.5], [43.0, 38.5], [46.0, 36.5], [45.5, 31.5]]),
    (233, "ENG", "English Channel", E, 0, None, [[50.1, -2.0], [49.4, -4.8], [50.7, 0.8]]),
    (234, "NTH", "North Sea", E, 0, None, [[55.5, 3.0], [57.5, 1.5], [53.5, 2.7], [59.5, 2.5], [54.9, 7.9]]),
    (235, "HEL", "Heligoland Bight", E, 0, None, [[53.9, 7.0]]),
    (236, "BAL", "Baltic Sea", E, 0, None, [[55.5, 16.5], [57.0, 19.5], [54.8, 13.5], [59.0, 21.0]]),
    (237, "SKA", "Skagerrak", E, 0, None, [[57.9, 9.3], [57.3, 11.3]]),
    (238, "BOT", "Gulf of Bothnia", E, 0, None, [[62.0, 20.0], [64.5, 22.5], [60.5, 19.5]]),
    (239, "GOF", "Gulf of Finland", E, 0, None, [[59.8, 25.5], [60.0, 28.0]]),
    (240, "NWG", "Norwegian Sea", E, 0, None, [[66.0, 4.0], [70.0, 15.0], [65.0, -5.0], [72.0, -5.0], [75.0, 5.0], [63.5, 2.5], [68.0, -20.0]]),
    (241, "BAR", "Barents Sea", E, 0, None, [[72.0, 40.0], [70.0, 33.0], [69.5, 55.0], [75.0, 25.0], [65.8, 38.5], [72.5, 52.0]]),
    (242, "KAR", "Siberian Sea", AS, 0, None, [[74.5, 70.0], [76.15, 95.05], [74.5, 130.0], [72.5, 160.0], [73.79, 85.27], [74.72, 112.37], [71.5, 178.0], [72.0, 66.0]]),
    (243, "RED", "Red Sea", AF, 0, None, [[20.0, 38.5], [16.0, 41.0], [24.0, 36.5], [27.0, 34.5]]),
    (244, "ARS", "Arabian Sea", AS, 0, None, [[15.0, 62.0], [10.0, 65.0], [20.0, 64.0], [12.5, 48.0], [5.0, 70.0], [24.0, 60.0]]),
    (245, "BOB", "Bay of Bengal", AS, 0, None, [[15.0, 88.0], [12.0, 94.0], [8.5, 96.5], [6.0, 97.8], [18.5, 88.0], [10.0, 85.0], [5.0, 85.0], [11.0, 97.0]]),
    (246, "GOS", "Gulf of Siam", AS, 0, None, [[10.0, 102.0], [8.0, 103.5], [12.0, 101.0]]),
    (247, "PGU", "Persian Gulf", AS, 0, None, [[27.0, 51.5], [26.0, 53.5], [29.0, 49.5]]),
    (248, "WIO", "West Indian Ocean", AF, 0, None, [[-5.0, 55.0], [-17.0, 41.5], [-20.0, 60.0], [0.0, 50.0], [-30.0, 45.0], [-35.0, 30.0], [-5.0, 45.0], [-25.0, 36.0]]),
    (249, "EIO", "East Indian Ocean", AS, 0, None, [[-5.0, 85.0], [-15.0, 100.0], [-25.0, 95.0], [-33.0, 110.0], [-10.0, 75.0], [-15.0, 120.0], [-5.0, 97.0]]),
    (250, "JVS", "Java Sea", AS, 0, None, [[-5.0, 110.0], [-4.0, 116.0], [-2.74, 122.25], [-6.0, 128.0], [2.0, 106.0], [-2.34, 106.55]]),
    (251, "PHS", "Philippine Sea", AS, 0, None, [[5.0, 128.0], [15.0, 130.0], [22.0, 135.0], [10.0, 140.0], [0.0, 150.0], [25.0, 130.0]]),
    (252, "TAS", "Tasman Sea", AS, 0, None, [[-30.0, 160.0], [-20.0, 155.0], [-40.0, 160.0], [-45.0, 150.0], [-10.0, 160.0], [-11.77, 143.07]]),
    (253, "SPO", "South Pacific", SA, 0, None, [[-20.0, -150.0], [-30.0, -120.0], [-40.0, -140.0], [-10.0, -165.0], [-20.0, 179.86], [-45.0, -100.0], [0.0, -150.0], [-10.0, -120.0], [-35.0, 175.0], [-50.0, -150.0], [-52.0, -120.0], [-10.0, -175.0], [-30.0, -172.0], [0.0, -175.0], [0.0, 170.0], [10.0, -160.0], [10.0, 170.0], [-50.0, 179.86]]),
    (254, "SOC", "Southern Ocean", AF, 0, None, [[-50.0, 30.0], [-45.0, 60.0], [-45.0, 90.0], [-48.0, 120.0], [-50.0, 0.0], [-40.0, 15.0], [-53.0, 150.0], [-42.0, 75.0]]),
    (255, "GAB", "Great Australian Bight", AS, 0, None, [[-37.0, 130.0], [-36.0, 120.0], [-40.0, 140.0]]),
]
SEA_FROM = 200
# Areas are identified by their numbers, as the rules write them ("MO 20 19"); the three-letter code is an alias.
ID = {a[1]: str(a[0]) for a in AREAS}
KEPT_LAKES = [{"province": "CAS", "name": "Caspian Sea", "at": [42.0, 51.0]}]

POWERS = [
    ("AUSTRIA", "Austria-Hungary", "Austro-Hungarian", "#c0392b", "VIE", ["C LEM", "A VIE", "A BUD", "S TRI"]),
    ("CHINA", "China", "Chinese", "#f1c40f", "PEK", ["A PEK", "A NAN", "F CAN", "C MAN", "S FOR"]),
    ("ENGLAND", "England", "English", "#2e4a9e", "LON", ["F LON", "A EDI", "S LVP", "A BEN", "F BOM", "C EGY", "C ONT"]),
    ("FRANCE", "France", "French", "#4aa3df", "PAR", ["A PAR", "F BRI", "F PRO", "C GAS", "C ALG", "S TON", "C SEN"]),
    ("GERMANY", "Germany", "German", "#555555", "BER", ["C SIL", "A BER", "A RHI", "F HAM", "C KOE", "C BAV", "S CMR"]),
    ("ITALY", "Italy", "Italian", "#27ae60", "ROM", ["A ROM", "F NAP", "A PIE", "S SIC", "C VNT", "C ERI"]),
    ("JAPAN", "Japan", "Japanese", "#e67e22", "TOK", ["F TOK", "A OSA", "S KYU", "C HOK"]),
    ("OTTOMAN", "Ottoman Empire", "Ottoman", "#8e6e3e", "CON", ["F CON", "C SMY", "C ANK", "A SYR", "C BAG", "C HEJ", "C TRP", "C MAC"]),
    ("RUSSIA", "Russia", "Russian", "#8e44ad", "STP", ["F STP", "A MOS", "C WAR", "F SEV", "C FIN", "C CAU", "C TUR", "S VLA"]),
    ("SPAIN", "Spain-Portugal", "Iberian", "#d35400", "MAD", ["A MAD", "F POR", "C CAT", "C AND", "S CUB", "S PHI", "C ANG", "C MOZ"]),
    ("USA", "United States", "American", "#1abc9c", "WAS", ["F NYK", "A WAS", "F NEN", "A CHI", "S CAL", "C NOR"]),
]


def provinces(terrain: dict[str, str]) -> list[dict]:
    out = []
    for number, code, name, sheet, pts, _owner, _seeds in sorted(AREAS):
        kind = "sea" if number >= SEA_FROM else terrain.get(ID[code], "coast")
        p = {"id": ID[code], "name": name, "terrain": kind, "number": number, "sheet": sheet,
             "aliases": [code.lower()]}
        if pts:
            p.update({"supply_center": True, "points": pts})
        out.append(p)
    for lake in KEPT_LAKES:
        out.append({"id": lake["province"], "name": lake["name"], "terrain": "impassable"})
    return out


def map_doc(terrain: dict[str, str], army: list, fleet: list, edge_attributes: list) -> dict:
    powers = []
    for pid, name, adj, colour, capital, units in POWERS:
        owned = [a for a in AREAS if a[5] == pid]
        powers.append({"id": pid, "name": name, "adjective": adj, "color": colour, "capital": ID[capital],
                       "home_centers": [ID[a[1]] for a in owned if a[4]],
                       "home_areas": [ID[a[1]] for a in owned if not a[4]],
                       "units": [f"{u.split()[0]} {ID[u.split()[1]]}" for u in units]})
    centres = [a for a in AREAS if a[4]]
    return {
        "format": "chancellery-map", "format_version": 1, "id": "global1890", "name": "Global Diplomacy (1890)",
        "about": "Our design of the Global Diplomacy world of about 1890: numbered areas on five sheets joined "
                 "into one board that wraps east-west; see SOURCES.md.",
        "start_phase": "S1890M",
        "victory_centers": len(centres) // 2 + 1,
        "powers": powers,
        "neutral_centers": [ID[a[1]] for a in sorted(AREAS) if a[4] and a[5] is None],
        "provinces": provinces(terrain),
        "army_edges": army, "fleet_edges": fleet,
        "edge_attributes": edge_attributes,
        "extra": {"one_point_centres": [ID[a[1]] for a in sorted(AREAS) if a[4] == 1],
                  "home_areas": {pid: [ID[a[1]] for a in sorted(AREAS) if a[5] == pid and not a[4]]
                                 for pid, *_ in POWERS}},
    }


def dump_map(doc: dict) -> str:
    lines = ["{"]
    keys = list(doc)
    for i, key in enumerate(keys):
        value = doc[key]
        comma = "," if i < len(keys) - 1 else ""
        if key in ("powers", "provinces", "army_edges", "fleet_edges", "edge_attributes") and value:
            lines.append(f' "{key}": [')
            lines += [" " + json.dumps(v, ensure_ascii=False) + ("," if j < len(value) - 1 else "")
                      for j, v in enumerate(value)]
            lines.append(" ]" + comma)
        else:
            lines.append(f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    if sys.argv[1:] == ["--seeds"]:
        seeds = json.loads((FOLDER / "seeds.json").read_text())
        seeds["seeds"] = {ID[a[1]]: a[6] for a in sorted(AREAS)}
        text = json.dumps(seeds, indent=1, ensure_ascii=False)
        (FOLDER / "seeds.json").write_text(text + "\n")
    elif not sys.argv[1:]:
        (FOLDER / "map.json").write_text(dump_map(map_doc({}, [], [], [])))


# Crossings the drawing doesn't show (each listed in geometry_exceptions.json with its reason).
EXTRA_FLEET_EDGES = [("EME", "RED", {"canal": True, "passage": "suez"})]


def borders_from_drawing() -> tuple[dict[str, str], list, list]:
    """Terrain and borders as the built geometry shows them: land touching a sea is coastal; touching regions
    are neighbours; two coastal areas are fleet neighbours when a sea touches their common border."""
    from engine.geometry.adjacency import shared_lengths
    from engine.geometry.encode import decode_multipolygon
    from engine.geometry.rules import MIN_BORDER_PX

    doc = json.loads((FOLDER / "geometry.json").read_text())
    regions = {pid: decode_multipolygon(p["region"]) for pid, p in doc["provinces"].items()}
    width = doc["width"] if doc.get("wrap_x") else None
    pairs = {k for k, v in shared_lengths(regions, width).items() if v >= MIN_BORDER_PX}
    seas = {ID[a[1]] for a in AREAS if a[0] >= SEA_FROM}
    lands = {ID[a[1]] for a in AREAS if a[0] < SEA_FROM}
    terrain = {p: "land" for p in lands}
    for a, b in pairs:
        for x, y in ((a, b), (b, a)):
            if x in lands and y in seas:
                terrain[x] = "coast"
    army, fleet = [], []
    for a, b in sorted(pairs):
        if a in lands and b in lands:
            army.append([a, b])
            if terrain[a] == terrain[b] == "coast":
                border = regions[a].boundary.intersection(regions[b].buffer(0.5))
                touching = [s for s in seas if ((a, s) in pairs or (s, a) in pairs) and ((b, s) in pairs or (s, b) in pairs)
                            and regions[s].distance(border) < 1.5]
                if touching:
                    fleet.append([a, b])
        elif (a in seas and b in seas) or (terrain.get(a) == "coast" or terrain.get(b) == "coast"):
            fleet.append([a, b])
    attributes = []
    for a, b, attrs in EXTRA_FLEET_EDGES:
        fleet.append([ID[a], ID[b]])
        attributes.append({"edge": [ID[a], ID[b]], **attrs})
    return terrain, army, fleet, attributes


if __name__ == "__main__" and sys.argv[1:] == ["--edges"]:
    sys.path.insert(0, str(FOLDER.parents[2]))
    t, arm, flt, attrs = borders_from_drawing()
    (FOLDER / "map.json").write_text(dump_map(map_doc(t, arm, flt, attrs)))
    print(f"{len(arm)} army edges, {len(flt)} fleet edges, {sum(v == 'coast' for v in t.values())} coastal areas")
